"""中国桥牌协会竞赛规则 第九节 第29条 叫牌体系 (seed 000_37a26f5314deac19.txt).

Artefact fixes, and why:

* The extraction wrapped every line at a fixed width (about 30 full-width
  characters), in mid-sentence and even mid-word ("体系政" / "策。"), and put a
  blank line after every line. Blank lines are dropped and wrapped lines are
  joined again with NO inserted space: Chinese writes no spaces between words.
  A line ends its run when it ends a sentence or an introduction (。；！？： possibly
  followed by a closing bracket), or when it is clearly shorter than a full line
  (headings such as "2.HUM体系", "二、约定卡/附页"); a line that starts a list item
  ("一、", "1.", "(1)"), a definition ("均衡牌——") or an "例外：" / "例如：" line
  always starts a new run. Spaces inside a line ("10 个大牌点") are kept.
* List and section markers that the YAML keeps as display numbers ("第九节",
  "第29条", "一、", "1.", "(1)") are stripped from the start of a run.
* Sentences are split after 。；！？ (closing brackets stay with their sentence),
  at "——" (the definitions' term/text: the YAML keeps term and text apart), and
  after "分为三类：" where the YAML turns the run-on event categories
  ("第一类是...；第二类是...；第三类是...") into a list.
"""

from __future__ import annotations

import re
import unicodedata

from build_tools.document import Document

DOCUMENT = "cba-bidding-systems"
ORIGINAL = "cba-bidding-systems.txt"

# A full line of the extraction is 55-62 display columns wide; every wrapped
# (continued) line is at least 55, every heading or run end that lacks final
# punctuation is at most 37.
_FULL_WIDTH = 50
_RUN_END = re.compile(r"[。；！？：][）)”」]*$")
_RUN_START = re.compile(
    r"^(?:第[一二三四五六七八九十]+节|第\d+条|[一二三四五六七八九十]+、|\d+\.|\(\d+\)|例外：|例如：|[^\s，。：——]{1,4}——)"
)
_MARKER = re.compile(r"^(?:第[一二三四五六七八九十]+节\s*|第\d+条\s*|[一二三四五六七八九十]+、|\d+\.(?!\d)|\(\d+\))")
_SPLIT = re.compile(
    r"(?:(?<=[。；！？])|(?<=[。；！？][）)”」]))(?=[^）)”」。；！？])"  # after a sentence end
    r"|——"  # definition term / text
    r"|(?<=：)(?=第[一二三四五六七八九十]类)"  # the event categories, kept as a list
)


def _width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def unwrap(original: str) -> list[str]:
    """The original's logical lines: wrapped lines joined without spaces."""
    runs: list[str] = []
    current = ""
    for line in original.splitlines():
        line = line.strip()
        if not line:
            continue  # the blank line the extraction put after every line
        if current and _RUN_START.match(line):
            runs.append(current)
            current = ""
        current += line
        if _RUN_END.search(line) or _width(line) < _FULL_WIDTH:
            runs.append(current)
            current = ""
    if current:
        runs.append(current)
    return runs


def sentences(original: str) -> list[str]:
    out: list[str] = []
    for run in unwrap(original):
        run = _MARKER.sub("", run, count=1)
        for piece in _SPLIT.split(run):
            piece = " ".join(piece.split())
            if piece:
                out.append(piece)
    return out


# --- structure -----------------------------------------------------------------


def _kind(node: object) -> str:
    return type(node).__name__


def _find(document: Document, kind: str, ident: str) -> object:
    for node in document.elements():
        if _kind(node) == kind and getattr(node, "id", None) == ident:
            return node
    raise AssertionError(f"{DOCUMENT}: no {kind} {ident!r}")


def _numbers(point_list: object) -> list[str]:
    return [p.number for p in point_list.items]  # type: ignore[attr-defined]


def _definitions(node: object) -> list[tuple[str, str]]:
    return [(d.term, d.text) for d in node.body if _kind(d) == "Definition"]  # type: ignore[attr-defined]


def check_structure(document) -> None:  # type: ignore[no-untyped-def]
    # 第九节 > 第29条 叫牌体系 > the parts 一、 to 五、.
    section9 = _find(document, "Section", "jiaopai-tixi-ji-yuedingjiao")
    assert section9.number == "第九节", section9.number
    article = _find(document, "Section", "jiaopai-tixi")
    assert article.number == "第29条" and article.title == "叫牌体系", (article.number, article.title)
    assert article in section9.body, "第29条 is not inside 第九节"
    parts = _find(document, "PointList", "tiao-29-bufen")
    assert parts in article.body, "the parts 一、-五、 are not the body of 第29条"
    assert _numbers(parts) == ["一、", "二、", "三、", "四、", "五、"], _numbers(parts)

    # 一、 holds the numbered headings 1.-6.
    part1 = parts.items[0]
    assert [p.number for p in part1.items] == [f"{n}." for n in range(1, 7)], [p.number for p in part1.items]

    # 1.常规定义： six definitions, term before "——", text after it.
    defs = _definitions(_find(document, "Point", "changgui-dingyi"))
    assert [t for t, _ in defs] == ["均衡牌", "弱牌", "强牌", "自然", "长套", "短套"], defs
    assert defs[0][1] == "有10 个大牌点并且没有牌型价值的一手牌。", defs[0]

    # 2.HUM体系: the criteria (1)-(5), then the exception.
    hum = _find(document, "Point", "hum-tixi")
    criteria = _find(document, "PointList", "hum-tiaojian")
    assert criteria in hum.body, "the HUM criteria are not in 2.HUM体系"
    assert _numbers(criteria) == [f"({n})" for n in range(1, 6)], _numbers(criteria)
    after = hum.body[list(hum.body).index(criteria) + 1:]
    assert any(_kind(b) == "Paragraph" and b.text.startswith("例外：") for b in after), "HUM exception missing"

    # 3. the four colours as definitions.
    colours = _definitions(_find(document, "Point", "tixi-fenlei-yanse"))
    assert [t for t, _ in colours] == ["绿色", "蓝色", "红色", "黄色"], colours

    # 4. Brown Sticker items (1)-(5), with their exceptions inside items (1) and (2).
    brown = _find(document, "PointList", "zongse-xiang")
    assert _numbers(brown) == [f"({n})" for n in range(1, 6)], _numbers(brown)
    exceptions = [
        sum(1 for b in (getattr(p, "body", ()) or ()) if _kind(b) == "Paragraph" and b.text.startswith("例外："))
        for p in brown.items
    ]
    assert exceptions == [2, 3, 0, 0, 0], exceptions

    # 二、 约定卡正面必须包括 1.-3.
    card = _find(document, "PointList", "yuedingka-zhengmian-xiang")
    assert card in parts.items[1].body, "the convention-card list is not in 二、"
    assert _numbers(card) == ["1.", "2.", "3."], _numbers(card)

    # 四、 the three event categories.
    categories = _find(document, "PointList", "bisai-leibie")
    assert [p.text[:3] for p in categories.items] == ["第一类", "第二类", "第三类"], categories
