// Dictation through the Web Speech API, where the browser offers it (feature-detected).

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
