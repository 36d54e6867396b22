"""Hand-checked boundaries and metadata of the derived document modes on hand-built documents."""

from __future__ import annotations

import pytest

from indexer.api import chunk_document
from indexer.errors import InvalidArgument
from indexer.modes import ModeParams, key_for
from indexer.modes._common import split_sentences

from .helpers import bullets, code, doc, heading, para, table


def run(d, mode, **params):
    return [c.to_dict() for c in chunk_document(d, mode, ModeParams(**params))]


# -- section ---------------------------------------------------------------------------------


def test_section_bodies_headings_and_split_parts():
    d = doc(
        para("Preamble before any heading."),
        heading("Alpha", 1),
        para("a" * 1500),
        para("b" * 800),
        heading("Beta", 2),
        bullets("one", "two"),
        code("print(1)"),
    )
    out = run(d, "section")
    assert [(c["content_type"], c["content"][:5]) for c in out] == [
        ("section", "Pream"),
        ("heading", "Alpha"),
        ("section", "aaaaa"),
        ("section", "bbbbb"),
        ("heading", "Beta"),
        ("section", "one\ntwo"[:5]),
    ]
    pre, h1, p1, p2, h2, body = (c["metadata"] for c in out)
    assert pre["section_heading"] is None and pre["heading_path"] == []
    assert pre["split_part"] is None and pre["split_total"] is None
    # 1500 + 2 + 800 > 2000: the body is cut between its two paragraphs
    assert (p1["split_part"], p1["split_total"], p2["split_part"], p2["split_total"]) == (1, 2, 2, 2)
    assert p1["char_count"] == 1500 and p1["section_heading"] == "Alpha"
    assert h1["block_types"] == ["heading"] and h1["paragraph_count"] == 0
    assert h2["heading_path"] == ["Alpha", "Beta"] and h2["section_level"] == 2
    assert out[5]["content"] == "one\ntwo\n\nprint(1)"
    assert body["block_types"] == ["list", "code"] and body["paragraph_count"] == 1
    assert [c["metadata"]["chunk_index"] for c in out] == list(range(6))
    assert body["document_metadata"] == {"source_type": "md", "total_input_blocks": 7}


# -- sliding_window --------------------------------------------------------------------------


def test_sliding_window_ranges():
    d = doc(heading("H"), para("p1"), para("p2"), para("p3"), para("p4"))
    out = run(d, "sliding_window")  # size 3, overlap 1 → step 2: [0,2], [2,4]
    assert [c["metadata"]["paragraph_range"] for c in out] == [[0, 2], [2, 4]]
    assert out[0]["content"] == "H\n\np1\n\np2"
    assert out[1]["metadata"]["block_count"] == 3
    assert out[0]["metadata"]["section_heading"] == "H" and out[1]["metadata"]["heading_path"] == ["H"]
    assert {c["content_type"] for c in out} == {"sliding_window"}
    out = run(d, "sliding_window", window_size=2, overlap=0)
    assert [c["metadata"]["paragraph_range"] for c in out] == [[0, 1], [2, 3], [4, 4]]
    assert out[-1]["metadata"]["window_index"] == 2 and out[-1]["metadata"]["block_count"] == 1
    # fewer units than the window: one short window
    assert [c["metadata"]["paragraph_range"] for c in run(doc(para("x")), "sliding_window")] == [[0, 0]]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"window_size": 2, "overlap": 2}, "overlap must be less than window_size"),
        ({"window_size": 0}, "window_size must be greater than 0"),
    ],
)
def test_sliding_window_validation(params, message):
    with pytest.raises(InvalidArgument, match=message):
        run(doc(para("x")), "sliding_window", **params)


def test_parameters_are_validated_only_where_read():
    d = doc(para("x"))
    assert run(d, "default", window_size=0, overlap=5, sentences_per_chunk=0, paragraphs_per_page=0)
    with pytest.raises(InvalidArgument, match="sentences_per_chunk must be greater than 0"):
        run(d, "sentence", sentences_per_chunk=0)
    with pytest.raises(InvalidArgument, match="paragraphs_per_page must be greater than 0"):
        run(d, "page_aware", paragraphs_per_page=-1)


def test_mode_keys_name_the_parameters_read():
    p = ModeParams()
    assert key_for("document", "sliding_window", p) == "sliding_window:window_size=3,overlap=1"
    assert key_for("document", "sentence", p) == "sentence:sentences_per_chunk=3"
    assert key_for("document", "page_aware", p) == "page_aware:paragraphs_per_page=15"
    assert key_for("document", "section", ModeParams(window_size=9)) == "section"
    assert key_for("document", "semantic", ModeParams(list_images=True)) == "semantic:list_images=1"


def test_unknown_mode_names_the_valid_ones():
    with pytest.raises(
        InvalidArgument, match=r"^unknown mode 'nope' for document files; choose from .*sliding_window"
    ):
        run(doc(para("x")), "nope")


# -- sentence --------------------------------------------------------------------------------


def test_sentence_splitter_exceptions():
    text = (
        "Dr. Smith met J.K. Rowling in London. See Figure 1. It shows growth of 3.5 percent. "
        "Is it real? Yes, it is! Mr. Brown agreed, etc. and left."
    )
    # read by hand: "Dr." title, "J.K." initials, "Figure 1." marker, "3.5" no space, "Mr." title;
    # "etc. and" is followed by a lower-case word so it is no boundary either.
    assert split_sentences(text) == [
        "Dr. Smith met J.K. Rowling in London.",
        "See Figure 1. It shows growth of 3.5 percent.",
        "Is it real?",
        "Yes, it is!",
        "Mr. Brown agreed, etc. and left.",
    ]


def test_sentence_groups_and_pass_throughs():
    d = doc(
        heading("Intro"),
        para("One. Two. Three."),
        para("Four. Five."),
        bullets("a list item"),
        table(("K",), [("v",)]),
        para("Six."),
    )
    out = run(d, "sentence", sentences_per_chunk=2)
    assert [(c["content_type"], c["content"]) for c in out] == [
        ("heading", "Intro"),
        ("sentence", "One. Two."),
        ("sentence", "Three. Four."),  # sentences buffer across consecutive paragraphs
        ("sentence", "Five."),
        ("bullet_list", "a list item"),
        ("table", "| K |\n| --- |\n| v |"),
        ("sentence", "Six."),
    ]
    assert out[2]["metadata"]["source_paragraph_index"] == 0  # "Three." is from paragraph 0
    assert out[3]["metadata"]["source_paragraph_index"] == 1
    assert (
        out[2]["metadata"]["actual_sentence_count"] == 2 and out[3]["metadata"]["actual_sentence_count"] == 1
    )
    assert out[4]["metadata"]["actual_sentence_count"] == 0
    assert (
        "actual_sentence_count" not in out[5]["metadata"] and "sentences_per_chunk" not in out[0]["metadata"]
    )
    assert out[6]["metadata"]["source_paragraph_index"] == 4
    assert out[1]["metadata"]["heading_path"] == ["Intro"]


# -- page_aware ------------------------------------------------------------------------------


def test_page_aware_estimated_and_heading_pages():
    d = doc(para("p1"), para("p2"), para("p3"), heading("H"), para("p4"))
    out = run(d, "page_aware", paragraphs_per_page=2)
    assert [(c["content_type"], c["content"], c["metadata"]["page_break_type"]) for c in out] == [
        ("page_aware", "p1\n\np2", "estimated"),
        ("page_aware", "p3", "estimated"),
        ("heading", "H", "heading_boundary"),
        ("page_aware", "p4", "heading_boundary"),
    ]
    assert [c["metadata"]["paragraph_count"] for c in out] == [2, 1, 0, 1]
    assert out[3]["metadata"]["heading_path"] == ["H"]


def test_page_aware_uses_real_pages():
    d = doc(para("first", page=1), para("second", page=1), para("third", page=2), source_type="pdf")
    out = run(d, "page_aware")
    assert [(c["content"], c["metadata"]["page_break_type"], c["metadata"]["page_number"]) for c in out] == [
        ("first\n\nsecond", "page", 1),
        ("third", "page", 2),
    ]


def test_page_aware_cuts_pages_to_2000():
    d = doc(*[para(ch * 900) for ch in "abc"])
    out = run(d, "page_aware")
    assert [len(c["content"]) for c in out] == [1802, 900]
    assert [c["metadata"]["paragraph_count"] for c in out] == [2, 1]


# -- semantic --------------------------------------------------------------------------------


def test_semantic_ladder_on_hand_written_text():
    d = doc(
        heading("Caching"),
        para("The cache stores rendered pages for ten minutes before expiry."),  # initial
        para("It also keeps a small index of hot keys in memory."),  # reference_continuity ("it ")
        para("For example, the landing page is served from memory after the first hit."),  # example
        para("However, invalidation is hard when several writers update one record."),  # transition: new
        para("Because writers race, invalidation messages carry a version number always."),  # cause_effect
        code("cache.clear()"),
        para("Backups run nightly across every region and get verified by a restore drill."),  # new (code)
    )
    out = run(d, "semantic")
    types = [c["content_type"] for c in out]
    assert types == ["heading", "semantic", "semantic", "code_block", "semantic"]
    first, second = out[1]["metadata"], out[2]["metadata"]
    assert first["merge_reasons"] == ["reference_continuity", "example"]
    assert first["primary_merge_reason"] == "example"  # tie 1-1 → name ascending
    assert first["paragraph_count"] == 3 and first["has_list"] is False
    assert out[2]["content"].startswith("However,")
    assert second["merge_reasons"] == ["cause_effect"]
    assert out[3]["metadata"]["primary_merge_reason"] == "structural_boundary"
    assert (
        out[4]["metadata"]["primary_merge_reason"] == "initial" and out[4]["metadata"]["merge_reasons"] == []
    )


def test_semantic_cap_1500():
    long, short = ("alpha " * 150).strip(), ("alpha " * 100).strip()  # 899 and 599 characters
    d = doc(para(long), para(long), para(short))
    out = run(d, "semantic")
    assert all(len(c["content"]) <= 1500 for c in out)
    # 899 + 2 + 899 > 1500 → new chunk; 899 + 2 + 599 = 1500 fits and shares "alpha"
    assert [len(c["content"]) for c in out] == [899, 1500]
    assert out[1]["metadata"]["merge_reasons"] == ["keyword_overlap"]


def test_semantic_question_definition_short_list():
    d = doc(
        para("Which storage engine should the service use for long-term archival data?"),
        para("Object storage with lifecycle rules gives the best durability per dollar spent here."),
        para("Steps:"),
        para("Create the bucket, attach the lifecycle policy, then enable versioning for safety."),
        # over 80 characters, so not "short"; shares "bucket" and "lifecycle"
        bullets(
            "bucket policy review for every archival bucket",
            "lifecycle audit each quarter by the platform team",
        ),
    )
    out = run(d, "semantic")
    assert len(out) == 1
    assert out[0]["metadata"]["merge_reasons"] == [
        "question_answer",
        "short_paragraph",
        "definition_expansion",
        "list_continuation",
    ]
    assert out[0]["metadata"]["has_list"] is True


def test_semantic_chunk_of_sample_md(playground):
    """sample.md, "## Chapter 1": five paragraphs read by hand. P2 shares "document"/"file" with P1
    (keyword_overlap), P3 starts "Because" (cause_effect), P4 shares "large" (keyword_overlap),
    P5 shares "file" (keyword_overlap); together 1,470 characters ≤ 1,500."""
    from indexer import extract

    out = [c.to_dict() for c in chunk_document(extract(playground / "sample.md"), "semantic")]
    chunk = next(c for c in out if c["content"].startswith("This is an original filler"))
    meta = chunk["metadata"]
    assert meta["merge_reasons"] == ["keyword_overlap", "cause_effect"]
    assert meta["primary_merge_reason"] == "keyword_overlap"
    assert meta["paragraph_count"] == 5
    assert meta["heading_path"] == ["Filled 5000-Page Placeholder File", "Chapter 1"]
    assert len(chunk["content"]) == 1470
    assert chunk["content"].endswith("similar density and structure.")


def test_derived_modes_put_extracted_images_first_and_keep_text():
    from indexer.model import Image

    imgs = (Image("aa.png", "png", b"1", alt="cat"),)
    d = doc(heading("H"), para("See [Image: cat] here.", images=("aa.png",)), images=imgs)
    for mode in ("section", "semantic", "sliding_window", "sentence", "page_aware"):
        out = run(d, mode, list_images=True)
        assert out[0]["content"] == "aa.png" and out[0]["metadata"]["image_name"] == "aa.png", mode
        assert out[0]["metadata"]["alt_text"] == "cat"
        assert "See here." in " ".join(c["content"] for c in out[1:]), mode
        plain = run(d, mode)
        assert "[Image: cat]" in " ".join(c["content"] for c in plain), mode


# -- family B (word-processor and slide formats) ---------------------------------------------


def test_family_b_heading_on_top_and_one_content_type():
    d = doc(
        heading("Scope", 1),
        para("Body text."),
        table(("K",), [("v",)]),
        heading("Next", 1),
        source_type="docx",
    )
    section = run(d, "section")
    assert [(c["content_type"], c["content"]) for c in section] == [
        ("section", "Scope\n\nBody text.\n\n| K |\n| --- |\n| v |"),
        ("section", "Next"),
    ]
    assert section[0]["metadata"]["block_types"] == ["heading", "paragraph", "table"]
    assert section[0]["metadata"]["char_count"] == len(section[0]["content"])
    assert section[0]["metadata"]["source_lines"] == [1, 7]
    semantic = run(d, "semantic")
    assert {c["content_type"] for c in semantic} == {"semantic"}
    assert semantic[0]["content"] == "Scope\n\nBody text."
    assert semantic[0]["metadata"]["primary_merge_reason"] == "heading_merge"
    assert {c["content_type"] for c in run(d, "sentence")} == {"sentence"}
    assert {c["content_type"] for c in run(d, "page_aware")} == {"page_aware"}
    # the same blocks from a Markdown file keep their structure
    assert "heading" in {c["content_type"] for c in run(doc(*d.blocks), "section")}


@pytest.mark.parametrize("name", ["all_round.docx", "mixed_content.pptx"])
def test_family_b_census(playground, name):
    from indexer import extract

    d = extract(playground / name)
    for mode in ("section", "semantic", "sliding_window", "sentence", "page_aware"):
        types = {c.content_type for c in chunk_document(d, mode)}
        assert types <= {mode, "image"} and mode in types, (mode, types)


def test_sentence_without_punctuation_is_cut_at_words():
    words = " ".join(["token"] * 1000)  # 5,999 characters, no sentence end
    out = run(doc(para(words)), "sentence", sentences_per_chunk=1)
    # a cut at the last space within 2,000 keeps 333 words (1,997 characters): 333+333+333+1
    assert [len(c["content"].split()) for c in out] == [333, 333, 333, 1]
    assert max(len(c["content"]) for c in out) == 1997
    assert " ".join(c["content"] for c in out) == words
