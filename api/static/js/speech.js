// Dictation through the Web Speech API, where the browser offers it (feature-detected).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const Recognition = globalThis.SpeechRecognition || globalThis.webkitSpeechRecognition || null;

const LOCALES = { en: "en-US", ja: "ja-JP", es: "es-ES" };

export function speechAvailable() {
  return Recognition !== null;
}

/**
 * Start listening in `lang`; `onText(text, final)` gets interim and final transcripts,
 * `onEnd(error|null)` once it stops. Returns a function that stops listening.
 */
export function dictate(lang, { onText, onEnd }) {
  if (!Recognition) throw new Error("speech recognition is not available");
  const recognition = new Recognition();
  recognition.lang = LOCALES[lang] || lang;
  recognition.interimResults = true;
  recognition.continuous = false;
  recognition.maxAlternatives = 1;
  let failure = null;
  recognition.onresult = (event) => {
    let text = "";
    let final = false;
    for (const result of event.results) {
      text += result[0].transcript;
      final = result.isFinal;
    }
    onText(text.trim(), final);
  };
  recognition.onerror = (event) => {
    failure = event.error || "error";
  };
  recognition.onend = () => onEnd(failure);
  recognition.start();
  return () => recognition.stop();
}

/**
 * A button that dictates into `box` (after what it holds) in `lang()`, or null where the browser
 * has no speech recognition. `say(text)` reports trouble (no microphone, no network for the
 * browser's recognizer) in plain words; `onChange()` follows each transcript (save the draft).
 */
export function dictationButton({ id, box, lang, say, onChange }) {
  if (!speechAvailable()) return null;
  let stop = null;
  const button = h("button", { type: "button", id, "aria-pressed": "false" }, t("narrate.dictate"));
  button.addEventListener("click", () => {
    if (stop) return void stop();
    const before = box.value ? box.value.trimEnd() + " " : "";
    try {
      stop = dictate(lang(), {
        onText: (text) => {
          box.value = before + text;
          onChange();
        },
        onEnd: (error) => {
          if (error && error !== "aborted" && error !== "no-speech") say(t("narrate.noSpeech"));
          stop = null;
          button.setAttribute("aria-pressed", "false");
          button.textContent = t("narrate.dictate");
          box.focus();
        },
      });
      button.setAttribute("aria-pressed", "true");
      button.textContent = t("narrate.stop");
    } catch {
      button.disabled = true;
      say(t("narrate.noSpeech"));
    }
  });
  return button;
}
