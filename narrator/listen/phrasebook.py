"""The spoken public commands, and the words for them in each locale the judge listens in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Command(StrEnum):
    """A public command the table may speak; every one has a button twin."""

    READY = "ready"
    PASS = "pass"
    START_VOTE = "start_vote"
    REPEAT = "repeat"
    PAUSE = "pause"
    RESUME = "resume"
    CONFIRM = "confirm"
    CANCEL = "cancel"


@dataclass(frozen=True)
class Phrasebook:
    """What may be said in one locale.

    `keywords` maps each spoken phrase to its command (None for a phrase given on the command
    line with no command behind it). `fillers` are everyday words of the locale that are not
    commands: the grammar offers them as well, so that table talk has somewhere to go other
    than a keyword. `spelling` maps a phrase to the way the model writes it, when the two
    differ (zh-TW's traditional characters, heard by the simplified-Chinese model).
    """

    locale: str
    keywords: Mapping[str, Command | None]
    fillers: tuple[str, ...] = ()
    spelling: Mapping[str, str] = field(default_factory=dict)

    def for_commands(self, commands: Iterable[Command]) -> Phrasebook:
        """The same book narrowed to the phrases of `commands` (one prompt's grammar)."""
        wanted = set(commands)
        keywords = {phrase: c for phrase, c in self.keywords.items() if c in wanted}
        return Phrasebook(self.locale, keywords, self.fillers, self.spelling)

    def model_spelling(self, phrase: str) -> str:
        """The phrase as the model's words are written."""
        return self.spelling.get(phrase, phrase)


_ZH_CN = {
    "准备好了": Command.READY,
    "开始": Command.READY,
    "过": Command.PASS,
    "开始投票": Command.START_VOTE,
    "重复": Command.REPEAT,
    "暂停": Command.PAUSE,
    "继续": Command.RESUME,
    "确认": Command.CONFIRM,
    "取消": Command.CANCEL,
}

# Taiwan's Mandarin: the same words in traditional characters, heard by the zh-CN model.
_ZH_TW_SPELLING = {
    "準備好了": "准备好了",
    "開始": "开始",
    "過": "过",
    "開始投票": "开始投票",
    "重複": "重复",
    "暫停": "暂停",
    "繼續": "继续",
    "確認": "确认",
    "取消": "取消",
}
_ZH_TW = {traditional: _ZH_CN[simplified] for traditional, simplified in _ZH_TW_SPELLING.items()}

_EN = {
    "ready": Command.READY,
    "start": Command.READY,
    "pass": Command.PASS,
    "start the vote": Command.START_VOTE,
    "repeat": Command.REPEAT,
    "pause": Command.PAUSE,
    "continue": Command.RESUME,
    "confirm": Command.CONFIRM,
    "cancel": Command.CANCEL,
}

# The locales a game is played in (the judge's catalogues); the others are for tests.
GAME_LOCALES = ("zh-CN", "zh-TW", "en")

# Korean is not a game locale yet; it is here because a real Korean model installs from PyPI,
# so the tests and the benchmark can run Vosk end to end on this machine.
_KO = {
    "시작": Command.READY,
    "패스": Command.PASS,
    "투표": Command.START_VOTE,
    "다시": Command.REPEAT,
    "정지": Command.PAUSE,
    "계속": Command.RESUME,
    "네": Command.CONFIRM,
    "아니요": Command.CANCEL,
}

_ZH_CN_FILLERS = (
    "我 你 他 她 我们 你们 是 不是 不 没有 有 这 那 什么 怎么 为什么 谁 哪 好 对 就 还 也 都"
    " 说 觉得 知道 认为 可能 应该 真的 其实 但是 因为 所以 然后 那个 这个 号 狼人 预言家 女巫"
    " 猎人 守卫 村民 平民 查杀 金水 银水 昨晚 今天 发言 一 二 三 四 五 六 七 八 九 十"
).split()

_EN_FILLERS = (
    "i you he she we they it is are was not what why who how that this the a and but so"
    " think know maybe really well yes yeah okay player wolf seer witch hunter guard villager"
    " night killed last said one two three four five six seven eight nine ten"
).split()

_KO_FILLERS = (
    "그래 정말 진짜 그냥 오늘 어제 사람 늑대 마을 예언자 마녀 사냥꾼 번호 생각 의심 거짓말"
    " 모르겠어 지금 이제 우리 너희 저는 나는 그거 이거 저거 뭐야 어때 좋아 싫어 말이 하자 했어"
    " 있어 없어 같아 그럼 근데 그리고 하지만 먼저 일번 이번 삼번 사번 오번 육번 칠번 팔번 구번"
    " 십번 플레이어 경비 밤에 낮에 죽었어 살았어 누가 누구 어디 언제 어떻게 얘기 말해 들어 봐요"
    " 알아 몰라 괜찮아 시간 차례 제가 내가 너는 그게 이게 무슨 왜냐하면 아마 확실히 솔직히 글쎄"
    " 음 어 아 응 뭐 왜 또 더 좀 잘 다 안 못 수 것 거 때 게 데 요 야 지 고 서 면 도 만 은 는 이"
    " 가 을 를 에 의 와 과"
).split()

PHRASEBOOKS: dict[str, Phrasebook] = {
    "zh-CN": Phrasebook("zh-CN", _ZH_CN, tuple(_ZH_CN_FILLERS)),
    "zh-TW": Phrasebook("zh-TW", _ZH_TW, tuple(_ZH_CN_FILLERS), _ZH_TW_SPELLING),
    "en": Phrasebook("en", _EN, tuple(_EN_FILLERS)),
    "ko": Phrasebook("ko", _KO, tuple(_KO_FILLERS)),
}

_ALIASES = {
    "zh": "zh-CN",
    "cn": "zh-CN",
    "zh-cn": "zh-CN",
    "zh_cn": "zh-CN",
    "zh-tw": "zh-TW",
    "zh_tw": "zh-TW",
    "tw": "zh-TW",
    "zh-hant": "zh-TW",
    "cmn": "zh-CN",
    "en-us": "en",
    "en_us": "en",
    "ko-kr": "ko",
    "ko_kr": "ko",
}


def canonical_locale(locale: str) -> str:
    """The locale's name as the phrasebooks and the model store spell it ("zh" → "zh-CN")."""
    if locale in PHRASEBOOKS:
        return locale
    return _ALIASES.get(locale.lower(), locale)


def phrasebook(locale: str, custom_keywords: Iterable[str] | None = None) -> Phrasebook:
    """The locale's phrasebook; `custom_keywords` replaces its phrases (with no commands).

    Raises KeyError naming the known locales when there is no book and no custom keywords.
    """
    name = canonical_locale(locale)
    book = PHRASEBOOKS.get(name)
    if custom_keywords is not None:
        phrases = {p.strip(): None for p in custom_keywords if p.strip()}
        return Phrasebook(name, phrases, book.fillers if book else ())
    if book is None:
        known = ", ".join(sorted(PHRASEBOOKS))
        raise KeyError(f"no keywords for locale {locale!r}; known: {known}")
    return book
