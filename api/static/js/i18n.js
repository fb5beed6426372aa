// Every string of the interface, in English, Japanese and Spanish. One dictionary, one place.
// Placeholders: {name}. Keys missing in a language fall back to English (a browser test checks
// that none are missing).

export const LANGUAGES = ["en", "ja", "es"];
export const LANGUAGE_NAMES = { en: "English", ja: "日本語", es: "Español" };

const en = {
  "app.name": "Once Upon a Time companion",
  "app.skip": "Skip to content",
  "nav.home": "Home",
  "nav.host": "Host",
  "nav.solo": "Practise",
  "nav.factum": "Factum",
  "lang.label": "Language",
  "common.loading": "Loading…",
  "common.copy": "Copy link",
  "common.copied": "Copied",
  "error.generic": "Something went wrong: {message}",
  "error.network": "Cannot reach the server. Check the connection and try again.",
  "error.notFound": "This table or link does not exist (or the link is not valid).",

  "conn.connecting": "Connecting…",
  "conn.live": "Live",
  "conn.lost": "Connection lost — retrying…",
  "conn.resynced": "Back online: caught up with the table.",
  "narrator.thinking": "{name} is thinking…",
  "narrator.thinkingModel": "The narrator is thinking…",
  "narrator.offline":
    "Offline narrator: no language model is configured, so AI seats tell simple stories and disputed claims are not checked by a model.",
  "narrator.model": "Narrator: {name}",

  "home.title": "Tell a fairy tale together",
  "home.lead":
    "One player tells the story; everyone else listens for their cards. Your phone tells you, privately, when the story mentions one of yours.",
  "home.host": "Host a table",
  "home.hostDesc": "Friends around a table, each with a phone. Virtual or physical cards.",
  "home.solo": "Practise alone",
  "home.soloDesc": "Play against AI narrators, with hints when you are stuck.",
  "home.factum": "Factum prompt cards",
  "home.factumDesc": "Generate and print a set of plot cards.",
  "home.join": "Joining a table? Open the link or scan the QR code your host shares.",
  "home.resume": "Resume a game",
  "home.resumeSeat": "Back to my seat",
  "home.invitations": "Invitations",
  "home.finished": "finished",
  "home.forget": "Forget",
  "home.forgetTable": "Forget the table of {names} on this device",

  "host.title": "Host a table",
  "host.players": "Players",
  "host.playerName": "Name of seat {n}",
  "host.kind": "Seat {n} is played by",
  "host.kindHuman": "a person",
  "host.kindAi": "an AI narrator",
  "host.addHuman": "Add a person",
  "host.addAi": "Add an AI seat",
  "host.remove": "Remove {name}",
  "host.defaultName": "Player {n}",
  "host.language": "Story language",
  "host.deck": "Cards",
  "host.deckVirtual": "Virtual deck — the app deals",
  "host.deckPhysical": "Physical deck — each player enters the cards they were dealt",
  "host.variants": "Variants",
  "host.multipleEndings": "Two ending cards each (rule OU-20, good for beginners)",
  "host.endingSwap": "Ending swap when passing (rule OU-21)",
  "host.create": "Create the table",
  "host.creating": "Creating…",
  "host.tooFew": "A table needs at least two players.",
  "host.tooMany": "At most six players.",
  "host.needHuman": "At least one person must play.",
  "host.nameMissing": "Every seat needs a name.",
  "host.physicalNoAi": "AI seats play only with the virtual deck: they hold no physical cards.",

  "share.title": "Invite the players",
  "share.lead":
    "Each player opens their own link (or scans their QR code). A link is the key to one seat: give it only to that player.",
  "share.qr": "QR code for {name}'s seat",
  "share.open": "Open my seat",
  "share.openSeat": "Open {name}'s seat here",
  "share.spectate": "Spectator view (no hand)",
  "share.ai": "AI seat — plays by itself",
  "share.missing":
    "These invitations are kept on the device that created the table. Ask the host to open them there (Home → Resume a game).",
  "share.localTitle": "These links work on this device only",
  "share.localWhy":
    "They start with {host}, which on a friend's phone means the friend's own phone, so nobody else can join.",
  "share.localFix":
    "Stop the server and start it with make run, which serves your local network and builds the links from this computer's address. Or give the address yourself with PUBLIC_URL:",
  "share.localAddress":
    "Then open these invitations again (Home → Resume a game). The phones must be on the same Wi-Fi as this computer.",

  "solo.title": "Practise alone",
  "solo.lead":
    "You against AI narrators. Tell a sentence, watch their continuations appear, and ask for a hint whenever you like.",
  "solo.name": "Your name",
  "solo.opponents": "Number of AI narrators",
  "solo.start": "Start practising",

  "table.storyteller": "Storyteller: {name}",
  "table.youTell": "You are the storyteller",
  "table.story": "The story so far",
  "table.storyEmpty": "Nothing told yet. The storyteller begins: “Once upon a time…”",
  "table.players": "Players",
  "table.feed": "What just happened",
  "table.cards": "{n} cards",
  "table.ai": "AI",
  "table.seatOf": "{name} (you)",
  "table.hand": "Your cards",
  "table.handEmpty": "No story cards left: you may tell your ending.",
  "table.ending": "Your ending card",
  "table.endings": "Your ending cards",
  "table.spectator": "You are watching. Hands are hidden.",
  "table.finished": "The end. {name} wins!",
  "table.readTale": "Read the whole tale",
  "table.interrupted": "{name} interrupted with {card}",
  "table.passed": "{name} passed",
  "table.rejected": "{name}'s {card} did not count",
  "table.pendingVote": "{name} claims {card}. The other players decide.",
  "table.stepFailed": "A model step failed; the turn is kept. Try again.",

  "hint.title": "Your card was mentioned",
  "hint.evidence": "“{evidence}” → {card}",
  "hint.announce": "{card} may interrupt: “{evidence}”.",
  "hint.ask": "Suggest a continuation",
  "hint.askEnding": "Suggest an ending",
  "hint.heading": "Hint",
  "hint.none": "No suggestion this time.",
  "hint.offline": "(offline narrator: a simple template, not a model)",
  "hint.use": "Use this sentence",
  "hint.unsure": "(the referee is not sure: the table may vote)",

  "action.interrupt": "Interrupt with {card}",
  "action.cardInterrupt": "Interrupt: any {group}",
  "action.interruptShort": "Interrupt",
  "action.interruptSure": "Sure? Tap again",
  "action.playShort": "Play it",
  "narrator.offlineShort": "Offline narrator (no model)",
  "action.play": "Play {card}",
  "action.pass": "Pass",
  "action.passHelp": "Draw a card and hand the story to your left.",
  "action.discard": "Also discard one card (optional)",
  "action.noDiscard": "Keep all my cards",
  "action.swapEnding": "Swap my ending card (draw two story cards instead of one)",
  "action.challenge": "That's silly!",
  "action.challengeHelp": "The story rambles or contradicts itself: the table votes (rule OU-17).",
  "action.accept": "Accept",
  "action.reject": "Reject",
  "action.voteQuestion": "{name} claims {card}. Accept?",
  "action.voteEnding": "{name} told the ending. Is it satisfying?",
  "action.voteChallenge": "{name} says the story makes no sense. Does the storyteller lose the turn?",
  "action.end": "Tell the ending",
  "action.endHelp": "One or two sentences that link the story to your ending card; no new elements.",
  "action.endLabel": "Linking sentence",
  "action.endWith": "End with: “{ending}”",
  "action.tellInstead": "Tell another sentence first",
  "action.endInstead": "Tell the ending instead",
  "action.refused": "Not allowed — {rule}: {explain}",
  "action.refusedPlain": "Not allowed: {message}",
  "action.sent": "Sent.",
  "action.notCounted": "Your {card} did not count.",
  "action.claimRejected": "Your claim with {card} was rejected: discard it and draw two (OU-14).",
  "narrate.askTable": "Let the table decide (show of hands)",

  "narrate.label": "Your next sentence",
  "narrate.placeholder": "Once upon a time…",
  "narrate.send": "Tell",
  "narrate.dictate": "Dictate",
  "narrate.stop": "Stop dictating",
  "narrate.noSpeech": "Dictation did not work here: the browser's speech recognition needs a microphone (and, in some browsers, the internet).",
  "narrate.tooLong": "At most {n} characters per sentence.",
  "narrate.oneSentence": "One sentence at a time.",
  "narrate.cardsToPlay": "Play a card with this sentence (optional)",
  "narrate.noCard": "no card",

  "phys.title": "Your physical cards",
  "phys.lead":
    "Type a few letters of a card's name, in any language, and tap it. Enter the cards you were dealt, then confirm.",
  "phys.search": "Find a card by name",
  "phys.add": "Add {card}",
  "phys.remove": "Remove {card}",
  "phys.chosen": "Chosen: {n} of {total}",
  "phys.ending": "Your ending card",
  "phys.endingSearch": "Find your ending by its words",
  "phys.confirm": "Confirm my cards",
  "phys.drawTitle": "Which card did you draw?",
  "phys.noResults": "No card matches.",

  "tale.heading": "A tale by {names}",
  "tale.cards": "Cards: {cards}",
  "tale.download": "Download as Markdown",
  "tale.print": "Print",
  "tale.back": "Back to the table",
  "tale.winner": "Winner: {name}",
  "tale.ending": "Ending card",
  "tale.empty": "Nothing has been told yet.",

  "factum.title": "Factum prompt cards",
  "factum.lead":
    "Plot cards for Factum: each one a situation from life, neither obvious nor obscure. Generate a set, then print it and cut along the lines.",
  "factum.count": "How many cards",
  "factum.generate": "Generate cards",
  "factum.generating": "Generating…",
  "factum.print": "Print the cards",
  "factum.empty": "No cards yet.",
  "factum.card": "Card {n}",

  "group.characters": "Character",
  "group.items": "Item",
  "group.places": "Place",
  "group.aspects": "Aspect",
  "group.events": "Event",
  "card.interrupt": "Interrupt card",

  "rule.OU-1": "story cards each name one element of one of five groups",
  "rule.OU-2": "an interrupt card is also a story card of its group",
  "rule.OU-3": "each ending card holds one ending sentence",
  "rule.OU-4": "the number of cards dealt depends on the number of players",
  "rule.OU-5": "the first storyteller is chosen once per session",
  "rule.OU-6": "only the storyteller plays cards, and only for elements that entered the story",
  "rule.OU-7": "each card needs its own sentence and must matter to the story, not be named in passing",
  "rule.OU-8": "the storyteller goes on until interrupted",
  "rule.OU-9": "passing: draw one card, may discard one, the player on the left tells next",
  "rule.OU-10":
    "you may interrupt only when the story mentioned an element on your card — not one it merely hints at",
  "rule.OU-11":
    "an interrupt card may only be used right after the storyteller plays a card of the same group",
  "rule.OU-12": "after a successful interrupt the old storyteller draws a card and you continue the story",
  "rule.OU-13": "a disputed interrupt is decided by the players not involved",
  "rule.OU-14": "a rejected interrupt: discard that card and draw two",
  "rule.OU-15": "when interrupts clash, the first card on the table wins",
  "rule.OU-16": "a storyteller who stalls for more than five seconds loses the turn",
  "rule.OU-17": "a storyteller whose story rambles or contradicts itself loses the turn, by vote",
  "rule.OU-18":
    "you may end only with no story cards left, with one or two linking sentences and no new element",
  "rule.OU-19": "an unsatisfying ending: draw a new ending and a story card; the next player tells",
  "rule.OU-20": "variant: two ending cards each",
  "rule.OU-21": "variant: a passing storyteller may swap their ending card, then draws two",
  "rule.OU-22": "variant: the player with the most cards left last game starts",
  "rule.turn": "it is not your turn to do that",
  "rule.unknown": "the rules do not allow this now",
};

const ja = {
  "app.name": "ワンス・アポン・ア・タイム コンパニオン",
  "app.skip": "本文へ移動",
  "nav.home": "ホーム",
  "nav.host": "テーブルを作る",
  "nav.solo": "ひとりで練習",
  "nav.factum": "ファクタム",
  "lang.label": "言語",
  "common.loading": "読み込み中…",
  "common.copy": "リンクをコピー",
  "common.copied": "コピーしました",
  "error.generic": "問題が発生しました：{message}",
  "error.network": "サーバーに接続できません。接続を確認して、もう一度お試しください。",
  "error.notFound": "このテーブルまたはリンクは存在しないか、無効です。",

  "conn.connecting": "接続しています…",
  "conn.live": "オンライン",
  "conn.lost": "接続が切れました。再接続しています…",
  "conn.resynced": "再接続しました。テーブルの最新状態に追いつきました。",
  "narrator.thinking": "{name}が考えています…",
  "narrator.thinkingModel": "語り手が考えています…",
  "narrator.offline":
    "オフラインの語り手：言語モデルが設定されていないため、AI席は簡単な物語を語り、異議のある宣言はモデルで確認されません。",
  "narrator.model": "語り手：{name}",

  "home.title": "みんなでおとぎ話をつくろう",
  "home.lead":
    "ひとりが語り手になり、ほかの人は自分のカードが出てくるのを待ちます。物語にあなたのカードが出てきたら、あなたのスマホにだけこっそり知らせます。",
  "home.host": "テーブルを作る",
  "home.hostDesc": "テーブルを囲む仲間と、それぞれのスマホで。仮想カードでも実物のカードでも。",
  "home.solo": "ひとりで練習",
  "home.soloDesc": "AIの語り手と対戦。困ったときはヒントも。",
  "home.factum": "ファクタムのお題カード",
  "home.factumDesc": "プロットカードを作って印刷します。",
  "home.join": "テーブルに参加する方は、ホストから届いたリンクを開くか、QRコードを読み取ってください。",
  "home.resume": "ゲームを再開",
  "home.resumeSeat": "自分の席に戻る",
  "home.invitations": "招待リンク",
  "home.finished": "終了",
  "home.forget": "消去",
  "home.forgetTable": "{names}のテーブルをこの端末から消去",

  "host.title": "テーブルを作る",
  "host.players": "プレイヤー",
  "host.playerName": "{n}番目の席の名前",
  "host.kind": "{n}番目の席のプレイヤー",
  "host.kindHuman": "人",
  "host.kindAi": "AIの語り手",
  "host.addHuman": "人を追加",
  "host.addAi": "AI席を追加",
  "host.remove": "{name}を削除",
  "host.defaultName": "プレイヤー{n}",
  "host.language": "物語の言語",
  "host.deck": "カード",
  "host.deckVirtual": "仮想デッキ（アプリが配ります）",
  "host.deckPhysical": "実物のデッキ（各自が配られたカードを入力します）",
  "host.variants": "バリエーション",
  "host.multipleEndings": "結末カードを2枚ずつ持つ（ルールOU-20、初心者向け）",
  "host.endingSwap": "パスのときに結末カードを交換できる（ルールOU-21）",
  "host.create": "テーブルを作成",
  "host.creating": "作成中…",
  "host.tooFew": "プレイヤーは2人以上必要です。",
  "host.tooMany": "プレイヤーは6人までです。",
  "host.needHuman": "少なくとも1人は人が参加してください。",
  "host.nameMissing": "すべての席に名前をつけてください。",
  "host.physicalNoAi": "AI席は仮想デッキでのみプレイできます（実物のカードを持てないため）。",

  "share.title": "プレイヤーを招待",
  "share.lead":
    "各プレイヤーは自分専用のリンクを開きます（またはQRコードを読み取ります）。リンクはその席の鍵なので、本人にだけ渡してください。",
  "share.qr": "{name}さんの席のQRコード",
  "share.open": "自分の席を開く",
  "share.openSeat": "{name}さんの席をこの端末で開く",
  "share.spectate": "観戦ビュー（手札なし）",
  "share.ai": "AI席（自動でプレイします）",
  "share.missing":
    "招待リンクはテーブルを作った端末に保存されています。ホストにその端末で開いてもらってください（ホーム → ゲームを再開）。",
  "share.localTitle": "このリンクはこの端末でしか開けません",
  "share.localWhy":
    "リンクが {host} で始まっています。友だちのスマホでは、それは友だち自身のスマホを指すため、誰も参加できません。",
  "share.localFix":
    "サーバーを止めて make run で起動し直してください。ローカルネットワークに公開し、このコンピューターのアドレスでリンクを作ります。アドレスを自分で指定するときは PUBLIC_URL を使います：",
  "share.localAddress":
    "そのあと、この招待ページをもう一度開いてください（ホーム → ゲームを再開）。スマホはこのコンピューターと同じWi-Fiにつないでください。",

  "solo.title": "ひとりで練習",
  "solo.lead":
    "あなた対AIの語り手。一文ずつ語り、AIの続きを読み、いつでもヒントを求められます。",
  "solo.name": "あなたの名前",
  "solo.opponents": "AIの語り手の人数",
  "solo.start": "練習を始める",

  "table.storyteller": "語り手：{name}",
  "table.youTell": "あなたが語り手です",
  "table.story": "これまでの物語",
  "table.storyEmpty": "まだ何も語られていません。語り手が「むかしむかし…」と始めます。",
  "table.players": "プレイヤー",
  "table.feed": "直前の出来事",
  "table.cards": "{n}枚",
  "table.ai": "AI",
  "table.seatOf": "{name}（あなた）",
  "table.hand": "あなたのカード",
  "table.handEmpty": "物語カードがなくなりました。結末を語れます。",
  "table.ending": "あなたの結末カード",
  "table.endings": "あなたの結末カード",
  "table.spectator": "観戦中です。手札は表示されません。",
  "table.finished": "おしまい。{name}さんの勝ち！",
  "table.readTale": "物語をぜんぶ読む",
  "table.interrupted": "{name}さんが{card}で割り込みました",
  "table.passed": "{name}さんがパスしました",
  "table.rejected": "{name}さんの{card}は認められませんでした",
  "table.pendingVote": "{name}さんが{card}を宣言しました。ほかのプレイヤーが判定します。",
  "table.stepFailed": "モデルの処理に失敗しました。手番はそのままです。もう一度お試しください。",

  "hint.title": "あなたのカードが出てきました",
  "hint.evidence": "「{evidence}」→ {card}",
  "hint.announce": "{card}で割り込めます：「{evidence}」。",
  "hint.ask": "続きを提案してもらう",
  "hint.askEnding": "結末を提案してもらう",
  "hint.heading": "ヒント",
  "hint.none": "今回は提案がありません。",
  "hint.offline": "（オフラインの語り手：モデルではなく簡単なひな形です）",
  "hint.use": "この文を使う",
  "hint.unsure": "（審判は確信していません。みんなの投票になるかもしれません）",

  "action.interrupt": "{card}で割り込む",
  "action.cardInterrupt": "割り込み：{group}なら何でも",
  "action.interruptShort": "割り込む",
  "action.interruptSure": "本当に？もう一度タップ",
  "action.playShort": "出す",
  "narrator.offlineShort": "オフラインの語り手（モデルなし）",
  "action.play": "{card}を出す",
  "action.pass": "パス",
  "action.passHelp": "カードを1枚引いて、左の人に語り手を渡します。",
  "action.discard": "カードを1枚捨てる（任意）",
  "action.noDiscard": "すべて手元に残す",
  "action.swapEnding": "結末カードを交換する（物語カードを1枚ではなく2枚引く）",
  "action.challenge": "それはおかしい！",
  "action.challengeHelp": "物語がまとまらない、または矛盾している：みんなで投票します（ルールOU-17）。",
  "action.accept": "認める",
  "action.reject": "認めない",
  "action.voteQuestion": "{name}さんが{card}を宣言しました。認めますか？",
  "action.voteEnding": "{name}さんが結末を語りました。納得できますか？",
  "action.voteChallenge": "{name}さんが物語はおかしいと言っています。語り手は手番を失いますか？",
  "action.end": "結末を語る",
  "action.endHelp": "物語と結末カードをつなぐ1〜2文。新しい要素は出せません。",
  "action.endLabel": "つなぎの文",
  "action.endWith": "結末：「{ending}」",
  "action.tellInstead": "先にもう1文語る",
  "action.endInstead": "結末を語る",
  "action.refused": "できません — {rule}：{explain}",
  "action.refusedPlain": "できません：{message}",
  "action.sent": "送信しました。",
  "action.notCounted": "{card}は認められませんでした。",
  "action.claimRejected": "{card}での宣言は認められませんでした。そのカードを捨てて2枚引きます（OU-14）。",
  "narrate.askTable": "みんなに判定してもらう（挙手）",

  "narrate.label": "次の一文",
  "narrate.placeholder": "むかしむかし…",
  "narrate.send": "語る",
  "narrate.dictate": "音声入力",
  "narrate.stop": "音声入力を止める",
  "narrate.noSpeech": "音声入力を使えませんでした。ブラウザの音声認識にはマイク（ブラウザによってはインターネット接続も）が必要です。",
  "narrate.tooLong": "一文は{n}文字までです。",
  "narrate.oneSentence": "一度に一文ずつ。",
  "narrate.cardsToPlay": "この文でカードを出す（任意）",
  "narrate.noCard": "カードなし",

  "phys.title": "あなたの実物のカード",
  "phys.lead":
    "カード名を何文字か（どの言語でも）入力してタップします。配られたカードを入力したら確定してください。",
  "phys.search": "名前でカードを探す",
  "phys.add": "{card}を追加",
  "phys.remove": "{card}を外す",
  "phys.chosen": "選択済み：{total}枚中{n}枚",
  "phys.ending": "あなたの結末カード",
  "phys.endingSearch": "結末カードを言葉で探す",
  "phys.confirm": "カードを確定",
  "phys.drawTitle": "どのカードを引きましたか？",
  "phys.noResults": "一致するカードがありません。",

  "tale.heading": "{names}の物語",
  "tale.cards": "カード：{cards}",
  "tale.download": "Markdownでダウンロード",
  "tale.print": "印刷",
  "tale.back": "テーブルに戻る",
  "tale.winner": "勝者：{name}",
  "tale.ending": "結末カード",
  "tale.empty": "まだ何も語られていません。",

  "factum.title": "ファクタムのお題カード",
  "factum.lead":
    "ファクタム用のプロットカード：どれも人生のひとこまで、わかりやすすぎず、わかりにくすぎないもの。作成して印刷し、線に沿って切ってください。",
  "factum.count": "枚数",
  "factum.generate": "カードを作る",
  "factum.generating": "作成中…",
  "factum.print": "カードを印刷",
  "factum.empty": "まだカードがありません。",
  "factum.card": "カード{n}",

  "group.characters": "登場人物",
  "group.items": "物",
  "group.places": "場所",
  "group.aspects": "状態",
  "group.events": "出来事",
  "card.interrupt": "割り込みカード",

  "rule.OU-1": "物語カードは5つのグループのどれかの要素を1つ表します",
  "rule.OU-2": "割り込みカードはそのグループの物語カードとしても使えます",
  "rule.OU-3": "結末カードには結末の一文が書かれています",
  "rule.OU-4": "配られるカードの枚数は人数で決まります",
  "rule.OU-5": "最初の語り手の決め方はセッション中ひとつに固定します",
  "rule.OU-6": "カードを出せるのは語り手だけで、物語に出てきた要素に限ります",
  "rule.OU-7": "カードごとに別の文が必要で、物語に関わる必要があります。ついでに名前を出すだけでは不可",
  "rule.OU-8": "語り手は割り込まれるまで語り続けます",
  "rule.OU-9": "パス：1枚引き、1枚捨ててもよく、左の人が次の語り手です",
  "rule.OU-10":
    "割り込めるのは、あなたのカードの要素が物語で語られたときだけです。ほのめかされただけでは不可",
  "rule.OU-11": "割り込みカードは、語り手が同じグループのカードを出した直後にしか使えません",
  "rule.OU-12": "割り込みが成功したら、元の語り手は1枚引き、あなたが物語を続けます",
  "rule.OU-13": "異議のある割り込みは、関係のないプレイヤーが判定します",
  "rule.OU-14": "割り込みが認められなかった場合：そのカードを捨てて2枚引きます",
  "rule.OU-15": "割り込みが重なったときは、先に出したカードが優先です",
  "rule.OU-16": "5秒以上止まった語り手は手番を失います",
  "rule.OU-17": "物語がまとまらない・矛盾する語り手は、投票で手番を失います",
  "rule.OU-18": "物語カードがなくなってから、1〜2文のつなぎの文で新しい要素なしに結末を語れます",
  "rule.OU-19": "納得できない結末：新しい結末カードと物語カードを1枚引き、次の人が語ります",
  "rule.OU-20": "バリエーション：結末カードを2枚ずつ持ちます",
  "rule.OU-21": "バリエーション：パスした語り手は結末カードを交換でき、その場合2枚引きます",
  "rule.OU-22": "バリエーション：前のゲームで最も多くカードが残った人から始めます",
  "rule.turn": "今はあなたがそれをする番ではありません",
  "rule.unknown": "今はルール上できません",
};

const es = {
  "app.name": "Compañero de Érase una vez",
  "app.skip": "Saltar al contenido",
  "nav.home": "Inicio",
  "nav.host": "Crear mesa",
  "nav.solo": "Practicar",
  "nav.factum": "Factum",
  "lang.label": "Idioma",
  "common.loading": "Cargando…",
  "common.copy": "Copiar enlace",
  "common.copied": "Copiado",
  "error.generic": "Algo salió mal: {message}",
  "error.network": "No se puede contactar con el servidor. Revisa la conexión y vuelve a intentarlo.",
  "error.notFound": "Esta mesa o enlace no existe (o el enlace no es válido).",

  "conn.connecting": "Conectando…",
  "conn.live": "En directo",
  "conn.lost": "Conexión perdida — reintentando…",
  "conn.resynced": "De nuevo en línea: la mesa está al día.",
  "narrator.thinking": "{name} está pensando…",
  "narrator.thinkingModel": "El narrador está pensando…",
  "narrator.offline":
    "Narrador sin conexión: no hay ningún modelo de lenguaje configurado, así que los asientos de IA cuentan historias sencillas y las reclamaciones dudosas no las revisa un modelo.",
  "narrator.model": "Narrador: {name}",

  "home.title": "Contad un cuento de hadas juntos",
  "home.lead":
    "Una persona narra; las demás esperan a que aparezcan sus cartas. Tu móvil te avisa, en privado, cuando la historia menciona una de las tuyas.",
  "home.host": "Crear una mesa",
  "home.hostDesc": "Amigos alrededor de una mesa, cada uno con su móvil. Cartas virtuales o físicas.",
  "home.solo": "Practicar a solas",
  "home.soloDesc": "Juega contra narradores de IA, con pistas cuando te atasques.",
  "home.factum": "Cartas de Factum",
  "home.factumDesc": "Genera e imprime un juego de cartas de trama.",
  "home.join":
    "¿Te unes a una mesa? Abre el enlace o escanea el código QR que te comparta quien la creó.",
  "home.resume": "Retomar una partida",
  "home.resumeSeat": "Volver a mi asiento",
  "home.invitations": "Invitaciones",
  "home.finished": "terminada",
  "home.forget": "Olvidar",
  "home.forgetTable": "Olvidar en este dispositivo la mesa de {names}",

  "host.title": "Crear una mesa",
  "host.players": "Jugadores",
  "host.playerName": "Nombre del asiento {n}",
  "host.kind": "El asiento {n} lo juega",
  "host.kindHuman": "una persona",
  "host.kindAi": "un narrador de IA",
  "host.addHuman": "Añadir una persona",
  "host.addAi": "Añadir un asiento de IA",
  "host.remove": "Quitar a {name}",
  "host.defaultName": "Jugador {n}",
  "host.language": "Idioma del cuento",
  "host.deck": "Cartas",
  "host.deckVirtual": "Mazo virtual: la aplicación reparte",
  "host.deckPhysical": "Mazo físico: cada jugador introduce las cartas que recibió",
  "host.variants": "Variantes",
  "host.multipleEndings": "Dos cartas de final cada uno (regla OU-20, para principiantes)",
  "host.endingSwap": "Cambiar el final al pasar (regla OU-21)",
  "host.create": "Crear la mesa",
  "host.creating": "Creando…",
  "host.tooFew": "Una mesa necesita al menos dos jugadores.",
  "host.tooMany": "Como máximo seis jugadores.",
  "host.needHuman": "Al menos una persona debe jugar.",
  "host.nameMissing": "Cada asiento necesita un nombre.",
  "host.physicalNoAi": "Los asientos de IA solo juegan con el mazo virtual: no tienen cartas físicas.",

  "share.title": "Invita a los jugadores",
  "share.lead":
    "Cada jugador abre su propio enlace (o escanea su código QR). Un enlace es la llave de un asiento: dáselo solo a esa persona.",
  "share.qr": "Código QR del asiento de {name}",
  "share.open": "Abrir mi asiento",
  "share.openSeat": "Abrir aquí el asiento de {name}",
  "share.spectate": "Vista de espectador (sin mano)",
  "share.ai": "Asiento de IA: juega solo",
  "share.missing":
    "Las invitaciones se guardan en el dispositivo que creó la mesa. Pide a quien la creó que las abra allí (Inicio → Retomar una partida).",
  "share.localTitle": "Estos enlaces solo funcionan en este dispositivo",
  "share.localWhy":
    "Empiezan por {host}, que en el móvil de un amigo es su propio móvil: nadie más podrá unirse.",
  "share.localFix":
    "Detén el servidor y arráncalo con make run, que lo sirve a tu red local y crea los enlaces con la dirección de este ordenador. O indica tú la dirección con PUBLIC_URL:",
  "share.localAddress":
    "Después vuelve a abrir estas invitaciones (Inicio → Retomar una partida). Los móviles deben estar en la misma wifi que este ordenador.",

  "solo.title": "Practicar a solas",
  "solo.lead":
    "Tú contra narradores de IA. Cuenta una frase, mira cómo aparecen sus continuaciones y pide una pista cuando quieras.",
  "solo.name": "Tu nombre",
  "solo.opponents": "Número de narradores de IA",
  "solo.start": "Empezar a practicar",

  "table.storyteller": "Narra: {name}",
  "table.youTell": "Te toca narrar",
  "table.story": "La historia hasta ahora",
  "table.storyEmpty": "Aún no se ha contado nada. Quien narra empieza: «Érase una vez…»",
  "table.players": "Jugadores",
  "table.feed": "Lo último que pasó",
  "table.cards": "{n} cartas",
  "table.ai": "IA",
  "table.seatOf": "{name} (tú)",
  "table.hand": "Tus cartas",
  "table.handEmpty": "No te quedan cartas de historia: puedes contar tu final.",
  "table.ending": "Tu carta de final",
  "table.endings": "Tus cartas de final",
  "table.spectator": "Estás mirando. Las manos están ocultas.",
  "table.finished": "Fin. ¡Gana {name}!",
  "table.readTale": "Leer el cuento entero",
  "table.interrupted": "{name} interrumpió con {card}",
  "table.passed": "{name} pasó",
  "table.rejected": "No contó la carta {card} de {name}",
  "table.pendingVote": "{name} reclama {card}. Deciden los demás jugadores.",
  "table.stepFailed": "Falló un paso del modelo; el turno se mantiene. Vuelve a intentarlo.",

  "hint.title": "Se ha mencionado una de tus cartas",
  "hint.evidence": "«{evidence}» → {card}",
  "hint.announce": "{card} puede interrumpir: «{evidence}».",
  "hint.ask": "Sugerir una continuación",
  "hint.askEnding": "Sugerir un final",
  "hint.heading": "Pista",
  "hint.none": "Esta vez no hay sugerencia.",
  "hint.offline": "(narrador sin conexión: una plantilla sencilla, no un modelo)",
  "hint.use": "Usar esta frase",
  "hint.unsure": "(el árbitro no está seguro: puede votar la mesa)",

  "action.interrupt": "Interrumpir con {card}",
  "action.cardInterrupt": "Interrupción: cualquier {group}",
  "action.interruptShort": "Interrumpir",
  "action.interruptSure": "¿Seguro? Toca otra vez",
  "action.playShort": "Jugarla",
  "narrator.offlineShort": "Narrador sin conexión (sin modelo)",
  "action.play": "Jugar {card}",
  "action.pass": "Pasar",
  "action.passHelp": "Roba una carta y pasa la historia a tu izquierda.",
  "action.discard": "Descartar también una carta (opcional)",
  "action.noDiscard": "Quedarme con todas",
  "action.swapEnding": "Cambiar mi carta de final (robar dos cartas de historia en vez de una)",
  "action.challenge": "¡Eso no tiene sentido!",
  "action.challengeHelp":
    "La historia divaga o se contradice: vota la mesa (regla OU-17).",
  "action.accept": "Aceptar",
  "action.reject": "Rechazar",
  "action.voteQuestion": "{name} reclama {card}. ¿Lo aceptas?",
  "action.voteEnding": "{name} ha contado el final. ¿Es satisfactorio?",
  "action.voteChallenge": "{name} dice que la historia no tiene sentido. ¿Pierde el turno quien narra?",
  "action.end": "Contar el final",
  "action.endHelp": "Una o dos frases que unan la historia con tu carta de final; sin elementos nuevos.",
  "action.endLabel": "Frase de enlace",
  "action.endWith": "Terminar con: «{ending}»",
  "action.tellInstead": "Contar otra frase antes",
  "action.endInstead": "Contar el final",
  "action.refused": "No permitido — {rule}: {explain}",
  "action.refusedPlain": "No permitido: {message}",
  "action.sent": "Enviado.",
  "action.notCounted": "Tu {card} no cuenta.",
  "action.claimRejected": "Se rechazó tu reclamación con {card}: descártala y roba dos (OU-14).",
  "narrate.askTable": "Que decida la mesa (a mano alzada)",

  "narrate.label": "Tu siguiente frase",
  "narrate.placeholder": "Érase una vez…",
  "narrate.send": "Contar",
  "narrate.dictate": "Dictar",
  "narrate.stop": "Dejar de dictar",
  "narrate.noSpeech": "El dictado no funcionó aquí: el reconocimiento de voz del navegador necesita un micrófono (y, en algunos navegadores, internet).",
  "narrate.tooLong": "Como máximo {n} caracteres por frase.",
  "narrate.oneSentence": "Una frase cada vez.",
  "narrate.cardsToPlay": "Jugar una carta con esta frase (opcional)",
  "narrate.noCard": "sin carta",

  "phys.title": "Tus cartas físicas",
  "phys.lead":
    "Escribe unas letras del nombre de una carta, en cualquier idioma, y tócala. Introduce las cartas que te repartieron y confirma.",
  "phys.search": "Buscar una carta por su nombre",
  "phys.add": "Añadir {card}",
  "phys.remove": "Quitar {card}",
  "phys.chosen": "Elegidas: {n} de {total}",
  "phys.ending": "Tu carta de final",
  "phys.endingSearch": "Busca tu final por sus palabras",
  "phys.confirm": "Confirmar mis cartas",
  "phys.drawTitle": "¿Qué carta has robado?",
  "phys.noResults": "Ninguna carta coincide.",

  "tale.heading": "Un cuento de {names}",
  "tale.cards": "Cartas: {cards}",
  "tale.download": "Descargar en Markdown",
  "tale.print": "Imprimir",
  "tale.back": "Volver a la mesa",
  "tale.winner": "Gana: {name}",
  "tale.ending": "Carta de final",
  "tale.empty": "Aún no se ha contado nada.",

  "factum.title": "Cartas de Factum",
  "factum.lead":
    "Cartas de trama para Factum: cada una, una situación de la vida, ni obvia ni oscura. Genera un juego, imprímelo y recorta por las líneas.",
  "factum.count": "Cuántas cartas",
  "factum.generate": "Generar cartas",
  "factum.generating": "Generando…",
  "factum.print": "Imprimir las cartas",
  "factum.empty": "Aún no hay cartas.",
  "factum.card": "Carta {n}",

  "group.characters": "Personaje",
  "group.items": "Objeto",
  "group.places": "Lugar",
  "group.aspects": "Aspecto",
  "group.events": "Suceso",
  "card.interrupt": "Carta de interrupción",

  "rule.OU-1": "cada carta de historia nombra un elemento de uno de cinco grupos",
  "rule.OU-2": "una carta de interrupción también es una carta de historia de su grupo",
  "rule.OU-3": "cada carta de final lleva una frase de final",
  "rule.OU-4": "el número de cartas repartidas depende del número de jugadores",
  "rule.OU-5": "el primer narrador se elige de una sola manera en cada sesión",
  "rule.OU-6": "solo quien narra juega cartas, y solo por elementos que entraron en la historia",
  "rule.OU-7":
    "cada carta necesita su propia frase y debe importar a la historia, no nombrarse de pasada",
  "rule.OU-8": "quien narra sigue hasta que le interrumpan",
  "rule.OU-9": "pasar: roba una carta, puede descartar una y narra quien está a la izquierda",
  "rule.OU-10":
    "solo puedes interrumpir si la historia mencionó un elemento de tu carta, no si solo lo insinuó",
  "rule.OU-11":
    "una carta de interrupción solo vale justo después de que quien narra juegue una carta del mismo grupo",
  "rule.OU-12": "tras una interrupción válida, el narrador anterior roba una carta y tú sigues la historia",
  "rule.OU-13": "una interrupción discutida la deciden los jugadores que no participan",
  "rule.OU-14": "interrupción rechazada: descarta esa carta y roba dos",
  "rule.OU-15": "si varias interrupciones coinciden, gana la primera carta en la mesa",
  "rule.OU-16": "quien se queda callado más de cinco segundos pierde el turno",
  "rule.OU-17": "quien divaga o contradice la historia pierde el turno, por votación",
  "rule.OU-18":
    "solo puedes terminar sin cartas de historia, con una o dos frases de enlace y sin elementos nuevos",
  "rule.OU-19": "final poco satisfactorio: roba un final nuevo y una carta de historia; narra el siguiente",
  "rule.OU-20": "variante: dos cartas de final cada uno",
  "rule.OU-21": "variante: quien pasa puede cambiar su carta de final y entonces roba dos",
  "rule.OU-22": "variante: empieza quien terminó la partida anterior con más cartas",
  "rule.turn": "ahora no te toca hacer eso",
  "rule.unknown": "las reglas no lo permiten ahora",
};

const STRINGS = { en, ja, es };

function initialLanguage() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem("language");
    if (LANGUAGES.includes(saved)) return saved;
  } catch {
    // storage may be disabled (private mode): fall through
  }
  const browser = (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(browser) ? browser : "en";
}

let current = initialLanguage();
let chosenByUser = false;

export function language() {
  return current;
}

/** Whether the person picked a language on this device (then a table's language does not override it). */
export function languageChosen() {
  if (chosenByUser) return true;
  try {
    return Boolean(localStorage.getItem("language"));
  } catch {
    return false;
  }
}

export function setLanguage(lang, { remember = true } = {}) {
  if (!LANGUAGES.includes(lang)) return;
  current = lang;
  if (remember) {
    chosenByUser = true;
    try {
      localStorage.setItem("language", lang);
    } catch {
      // not fatal
    }
  }
  document.documentElement.lang = lang;
  document.title = t("app.name");
  window.dispatchEvent(new CustomEvent("languagechange-app", { detail: lang }));
}

/** The string for `key` in the current language, with {placeholders} filled from `vars`. */
export function t(key, vars = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** "Ann, Ben and Cleo" in `lang` (the interface language by default). */
export function listOf(names, lang = current) {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
}

/**
 * Run `render()` with `lang` as the language of `t`, card labels and endings (synchronously,
 * nothing re-rendered): for content in another language than the interface, like a tale.
 */
export function inLanguage(lang, render) {
  if (!LANGUAGES.includes(lang) || lang === current) return render();
  const interfaceLanguage = current;
  current = lang;
  try {
    return render();
  } finally {
    current = interfaceLanguage;
  }
}

/** A refusal in plain words: the rule id and what the rule says, in the current language. */
export function explainRule(rule) {
  const key = `rule.${rule}`;
  return key in STRINGS.en ? t(key) : t("rule.unknown");
}

/** For tests: every key of every language. */
export function allKeys() {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, Object.keys(STRINGS[lang]).sort()]));
}
