"""The sentence and semantic modes' fast paths give exactly what the plain definitions give."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from indexer.model import Block, Chunk
from indexer.modes._common import hard_spans, keyword_bytes, split_sentences
from indexer.modes._emit import add_provenance, new_chunk
from indexer.modes._lexicon import Lexicon, bytes_whitespace_only
from indexer.modes._sentences import collapsed, sentences_by_paragraph, sentences_of
from indexer.provenance import provenance

# pieces for the edge cases of sentence boundaries: abbreviations, numbered markers, initials,
# closing and opening quotes, "!"/"?" next to dots, letters that match case-insensitively
# (long s, Kelvin sign), and a little exotic whitespace (which must take the slow path)
PIECES = ["Dr", "dr", "Mrs", "e.g", "i.e", "Fig", "figure", "Table", "no", "No", "etc", "approx", "St",
          "J", "K", "A", "b", "x", "1", "12", "123", "1234", "Hello", "ſt", "K", "é", "Équipe",
          " ", " ", " ", "\n", ".", ".", "!", "?", "..", '"', "'", ")", "(", "]", "["]  # fmt: skip
RARE = ["  ", "\t", "\xa0", "\r\n", " \n"]
clean_texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
any_texts = st.lists(st.sampled_from(PIECES + RARE), max_size=30).map("".join)


def plain(text: str, limit: int) -> list[str]:
    out: list[str] = []
    for s in split_sentences(text):
        out.extend([s] if len(s) <= limit else [s[a:b] for a, b in hard_spans(s, 0, len(s), limit)])
    return out


@settings(max_examples=200, deadline=None)
@given(clean_texts)
def test_sentences_of_equals_split_sentences_on_clean_text(text):
    assert sentences_of(text, 10_000) == split_sentences(text)


@settings(max_examples=150, deadline=None)
@given(any_texts, st.integers(min_value=5, max_value=40))
def test_sentences_of_equals_the_plain_definition(text, limit):
    assert sentences_of(text, limit) == plain(text, limit)


def test_collapsed_only_when_collapsing_is_replacing_newlines():
    assert collapsed("One.\nTwo three.") == "One. Two three."
    assert collapsed("One.  Two.") is None  # a run of spaces
    assert collapsed(" One.") is None  # something to trim
    assert collapsed("One.\tTwo.") is None
    assert collapsed("One.\xa0Two.") is None  # a non-ASCII space


def test_sentences_of_by_hand():
    # read by hand: "Dr." and "Figure 3." (a numbered marker) and the initials "J. K." do not end a sentence, "?" does
    # (the closing quote stays with it), a wrapped line is joined with a space
    text = 'Dr. Smith saw Figure 3. It was odd. Was it "real?" Ask J. K. Rowling\nabout it.'
    assert sentences_of(text, 2000) == [
        "Dr. Smith saw Figure 3. It was odd.",
        'Was it "real?"',
        "Ask J. K. Rowling about it.",
    ]


@settings(max_examples=150, deadline=None)
@given(st.lists(clean_texts.map(str.strip), min_size=1, max_size=5), st.sampled_from([8, 30, 2000]))
def test_sentences_by_paragraph_equals_one_paragraph_at_a_time(texts, limit):
    texts = [t for t in texts if t] or ["x"]
    sentences, counts = sentences_by_paragraph(texts, limit)
    expected = [sentences_of(t, limit) for t in texts]
    assert counts == [len(e) for e in expected]
    assert sentences == [s for e in expected for s in e]


def test_sentences_by_paragraph_by_hand():
    # read by hand: a paragraph's last sentence never runs on into the next paragraph, even when
    # the next starts with a capital; "No. 5" is not an end; a "?" and a "!" end sentences
    texts = ["See item No. 5 here. Then stop", "Why? Because! Done.", "One\nline."]
    assert sentences_by_paragraph(texts, 2000) == (
        ["See item No. 5 here.", "Then stop", "Why?", "Because!", "Done.", "One line."],
        [2, 3, 1],
    )


# -- semantic: keywords and word counts --------------------------------------------------------

WORD_PIECES = ["the", "Keyword", "ABOUT", "x1", "1234", "İ", "K", "é", "ſt", " ", "\n", "\t", "\r",
               "\x0b", "\x1c", "\x1f", "\xa0", "\u2003", "\u3000", "-", ".", "ab-cd"]  # fmt: skip
word_texts = st.lists(st.sampled_from(WORD_PIECES), max_size=30).map("".join)


def test_other_spaces_are_the_str_spaces_bytes_split_misses():
    str_spaces = {chr(c) for c in range(0x110000) if chr(c).isspace()}
    bytes_spaces = set(" \t\n\r\x0b\x0c")
    caught = {ch for ch in str_spaces if not bytes_whitespace_only("a" + ch + "b")}
    assert caught == str_spaces - bytes_spaces


@settings(max_examples=200, deadline=None)
@given(st.lists(word_texts, min_size=1, max_size=4))
def test_lexicon_equals_keyword_bytes_and_split(texts):
    lexicon = Lexicon(texts)
    for text in texts:
        words, count = lexicon.of(text)
        assert words == keyword_bytes(text)
        assert count == len(text.split())


def test_lexicon_by_hand():
    # read by hand: "about" is a stopword, "x1" and "the" are too short; four words in all
    assert Lexicon(["x"]).of("The Keyword ABOUT x1") == ({b"keyword"}, 4)
    # a no-break space joins nothing for bytes but separates words for str.split: three words
    assert Lexicon(["alpha\xa0beta gamma"]).of("alpha\xa0beta gamma") == ({b"alpha", b"beta", b"gamma"}, 3)


# -- chunk provenance written straight into the metadata ----------------------------------------

block_metas = st.tuples(
    st.dictionaries(
        st.sampled_from(
            ["message_index", "sheet_name", "slide_number", "href", "chart_type", "chart_title", "x"]
        ),
        st.one_of(st.none(), st.integers(0, 2)),
        max_size=3,
    ),
    st.dictionaries(
        st.sampled_from(["record_range", "row_range"]),
        st.one_of(st.none(), st.tuples(st.integers(0, 9), st.integers(10, 19))),
        max_size=2,
    ),
).map(lambda pair: pair[0] | pair[1])
blocks = st.builds(
    Block,
    kind=st.just("paragraph"),
    text=st.just("t"),
    lines=st.one_of(st.none(), st.tuples(st.integers(1, 9), st.integers(10, 19))),
    page=st.one_of(st.none(), st.integers(1, 5)),
    meta=block_metas,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(blocks, min_size=1, max_size=4))
def test_add_provenance_equals_provenance(chunk_blocks):
    meta = {"mode_key": 1}
    add_provenance(meta, chunk_blocks)
    expected = {"mode_key": 1} | provenance(chunk_blocks)
    assert list(meta.items()) == list(expected.items())  # the same keys in the same order


def test_add_provenance_by_hand():
    # read by hand: lines 3-9 overall, pages 2 to 4, the first block's sheet, ranges merged
    a = Block("paragraph", "a", lines=(3, 5), page=2, meta={"sheet_name": "S1", "row_range": [4, 6]})
    b = Block("paragraph", "b", lines=(6, 9), page=4, meta={"sheet_name": "S2", "row_range": [7, 8]})
    meta: dict = {}
    add_provenance(meta, [a, b])
    assert meta == {
        "source_lines": [3, 9],
        "page_number": 2,
        "page_end": 4,
        "sheet_name": "S1",
        "row_range": [4, 8],
    }


def test_chart_keys_only_when_every_block_is_of_that_chart():
    # read by hand: a chart's caption and table share its kind and title; a paragraph does not
    title = Block("paragraph", "Sales", meta={"chart_type": "pie", "chart_title": "Sales"})
    table = Block("table", "| a |", meta={"chart_type": "pie", "chart_title": "Sales"})
    other = Block("paragraph", "More text.")
    for blocks, expected in (
        ([title, table], {"chart_type": "pie", "chart_title": "Sales"}),
        ([table], {"chart_type": "pie", "chart_title": "Sales"}),
        ([title, table, other], {}),
        ([other, table], {}),
    ):
        meta: dict = {}
        add_provenance(meta, blocks)
        assert meta == expected == provenance(blocks)


def test_new_chunk_is_the_constructed_chunk():
    made = new_chunk("text", "semantic", {"chunk_index": 0})
    assert made == Chunk("text", "semantic", {"chunk_index": 0})
    assert type(made) is Chunk
    with pytest.raises(FrozenInstanceError):
        made.content = "other"  # type: ignore[misc]
