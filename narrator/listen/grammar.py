"""A prompt's Vosk grammar, checked word by word against the model's vocabulary.

Vosk drops grammar words it does not know without a word, so every phrase is checked here
first and what cannot be heard is reported. A phrase written without spaces (Chinese) is cut
into the longest words the model knows ("开始投票" → "开始 投票").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from narrator.inbox import CommandWord
from narrator.listen.phrasebook import Phrasebook

# Vosk's garbage word in models that have one (the small zh-CN and en models); it stands for
# any speech that is not in the grammar.
UNKNOWN_WORD = "[unk]"

Vocabulary = Callable[[str], bool]
"""Answers whether the model knows one word (`model.vosk_model_find_word(w) >= 0`)."""


@dataclass(frozen=True)
class Grammar:
    """The words one prompt listens for, spelt as the model's words.

    `phrases` maps each heard form (model words joined by spaces) to the phrase as written
    in the phrasebook; `fillers` are the non-command words offered alongside; `syllables`
    the loop recogniser's words (the phrasebook's, as far as the model knows them); `unknown`
    lists the phrasebook phrases the model cannot hear, with the words it lacks.
    """

    locale: str
    phrases: dict[str, str]
    commands: dict[str, CommandWord | None]
    fillers: tuple[str, ...]
    has_unknown_word: bool
    unknown: dict[str, list[str]] = field(default_factory=dict)
    syllables: tuple[str, ...] = ()

    def keyword_json_list(self) -> list[str]:
        """The keyword-only grammar, as Vosk takes it."""
        return sorted(self.phrases) + ([UNKNOWN_WORD] if self.has_unknown_word else [])

    def garbage_json_list(self) -> list[str]:
        """The keywords with the fillers (and [unk] when the model has it)."""
        return self.keyword_json_list() + list(self.fillers)

    def loop_json_list(self) -> list[str]:
        """The loop recogniser's grammar: the syllables alone, whatever the prompt."""
        return list(self.syllables)

    def phrase_of(self, heard_form: str) -> str | None:
        """The phrasebook phrase a decoded text stands for, or None when it is none of them."""
        return self.phrases.get(heard_form)

    def report_unknown(self) -> str | None:
        """One line for the start-up report, or None when every phrase can be heard."""
        if not self.unknown:
            return None
        parts = [f"{phrase} (lacks {', '.join(words)})" for phrase, words in self.unknown.items()]
        return f"the {self.locale} model cannot hear: " + "; ".join(parts)


def split_into_known_words(phrase: str, knows: Vocabulary) -> tuple[list[str], list[str]]:
    """The phrase as model words, and the pieces the model does not know.

    Space-separated phrases are taken word by word; a phrase without spaces that the model
    does not know whole is cut greedily into the longest known words, character by character.
    """
    words: list[str] = []
    missing: list[str] = []
    for token in phrase.split():
        if knows(token):
            words.append(token)
            continue
        start, unknown_run = 0, ""
        while start < len(token):
            for end in range(len(token), start, -1):
                if knows(token[start:end]):
                    words.append(token[start:end])
                    start = end
                    if unknown_run:
                        missing.append(unknown_run)
                        unknown_run = ""
                    break
            else:
                unknown_run += token[start]
                start += 1
        if unknown_run:
            missing.append(unknown_run)
    return words, missing


def build_grammar(book: Phrasebook, knows: Vocabulary) -> Grammar:
    """The grammar for a phrasebook; unknown phrases are left out and listed in `unknown`.

    Fillers the model does not know, and fillers that are themselves keywords, are dropped
    quietly: they are not things anyone is waiting to be heard; so are syllables it does not
    know (a syllable may be a keyword: the loop spells whatever was said).
    """
    phrases: dict[str, str] = {}
    unknown: dict[str, list[str]] = {}
    for phrase in book.keywords:
        words, missing = split_into_known_words(book.model_spelling(phrase), knows)
        if missing or not words:
            unknown[phrase] = missing or [phrase]
        else:
            phrases[" ".join(words)] = phrase
    keyword_words = {w for form in phrases for w in form.split()}
    fillers = tuple(dict.fromkeys(w for w in book.fillers if w not in keyword_words and knows(w)))
    return Grammar(
        locale=book.locale,
        phrases=phrases,
        commands={form: book.keywords[phrase] for form, phrase in phrases.items()},
        fillers=fillers,
        has_unknown_word=knows(UNKNOWN_WORD),
        unknown=unknown,
        syllables=tuple(dict.fromkeys(w for w in book.syllables if knows(w))),
    )
