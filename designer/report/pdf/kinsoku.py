"""Chinese line-breaking rules reportlab's CJK wrapping does not keep (GB/T 15834-2011 4.1;
W3C "Requirements for Chinese Text Layout" 3.1.7, 避头尾).

reportlab breaks a ``wordWrap="CJK"`` paragraph greedily (``textsplit.dumbSplit`` for a
paragraph of one font, ``paragraph.cjkFragSplit`` for several) and keeps only one rule: the
character that overflows a line stays on it, hanging in the margin, when it may not start a
line, but only that one ("We won't do two or more"). So:

1. of two closing marks in a row ("）。", "」，") the first hangs and the second starts the
   next line;
2. nothing stops a line ending on an opening bracket or quote ("（", "「", "“", "《"):
   ``textsplit.ALL_CANNOT_END`` is defined but neither splitter reads it, and there is no
   other hook.

``install`` wraps the two splitters as ``reportlab.platypus.paragraph`` calls them (only
``Paragraph.breakLinesCJK`` does). The wrapper lets reportlab split, and where a break it
chose is not a forced one (``<br/>``) and puts a closing mark at the start of a line or an
opening mark at its end, it moves that break back (the marks and the character they belong
to go down to the next line, as a typesetter "pushes out") and has reportlab break the text
after it again, a line at a time, until the lines meet a break of reportlab's first result.
Lines before the first such break, and every paragraph without one, are reportlab's own
result, unchanged. Only non-ASCII marks count: ASCII punctuation (an English URL's
"." or "(") wraps as it did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import textsplit as _textsplit
from reportlab.platypus import paragraph as _paragraph

# may not end a line: opening brackets, book-title marks and quotes (reportlab's strongly
# prohibited CANNOT_END_LINE[0] without its ASCII "[" and "{"; with 〖〘〚)
CHINESE_CANNOT_END = "（［｛〈《「『【〔〖〘〚“‘"
_OPENING = frozenset(CHINESE_CANNOT_END)

_MARK = "_designer_kinsoku_original"
Span = tuple[int, int, int]
_CLOSING: dict[str, frozenset[str]] = {}


def _closing() -> frozenset[str]:
    """May not start a line: reportlab's list with the Chinese marks ``styles`` adds to it, not ASCII."""
    listed = _textsplit.ALL_CANNOT_START
    if listed not in _CLOSING:
        _CLOSING[listed] = frozenset(c for c in listed if ord(c) > 0x7F)
    return _CLOSING[listed]


def _any_bad(texts: Sequence[str]) -> bool:
    """Whether a break between these lines (each stripped) puts a mark where it may not be."""
    closing = _closing()
    return any(b[:1] in closing or a[-1:] in _OPENING for a, b in zip(texts, texts[1:]))


def _choose_break(chars: Sequence[str], start: int, nxt: int, closing: frozenset[str]) -> int | None:
    """Where line ``chars[start:]`` should end instead of before ``nxt`` (the next line's first
    visible character): the latest point at or before ``nxt`` with neither a closing mark
    after it nor an opening mark before it (spaces looked through), keeping at least one
    character on the line; before an ASCII letter or digit only when the one before it is not
    one, where there is such a point in the line's second half. None when there is none."""

    def before(p: int) -> str | None:
        q = p - 1
        while q >= start and not chars[q].strip():
            q -= 1
        return chars[q] if q >= start else None

    def after(p: int) -> str | None:
        q = p
        while q < len(chars) and not chars[q].strip():
            q += 1
        return chars[q] if q < len(chars) else None

    def ok(p: int) -> bool:
        b, a = before(p), after(p)
        return b is not None and a is not None and b not in _OPENING and a not in closing

    def mid_word(p: int) -> bool:
        a, b = chars[p - 1], chars[p]
        return a.isascii() and a.isalnum() and b.isascii() and b.isalnum()

    half = (start + nxt) // 2
    for p in range(nxt, max(start, half), -1):
        if ok(p) and not mid_word(p):
            return p
    for p in range(nxt, start, -1):
        if ok(p):
            return p
    return None


def _widths_from(max_widths: Sequence[float], line: int) -> list[float]:
    return list(max_widths[line:]) or [max_widths[-1]]


def _mend(lines: list[Any], spans: list[Span], chars: Sequence[str], max_widths: Sequence[float],
          split: Callable[[int, int, list[float]], list[Any] | None],
          spans_of: Callable[[list[Any], int, int, int], list[Span] | None]) -> list[Any] | None:
    """``lines`` (reportlab's split of ``chars``) with every bad break moved back; None when
    something does not add up (the caller then keeps reportlab's lines).

    ``spans`` are the lines' (start, first visible, last visible + 1) in ``chars``;
    ``split(a, b, widths)`` splits ``chars[a:b]`` with reportlab and ``spans_of(lines, a, b, n)``
    gives the spans of such a split, its first line the paragraph's line ``n``. A forced break
    (``<br/>``: the line's ``lineBreak``) is never moved. reportlab's lines are kept up to the
    first bad break; from there the lines are made one at a time, each from reportlab's split
    of a window of the text (a line's break depends only on the text up to it), until a line
    starts where one of reportlab's did: its lines are kept again from there. Linear in the
    text, not a split of the whole rest for every break moved."""
    closing = _closing()
    tail = len(max_widths) - 1  # every line from here on has the last width

    def bad(line: Any, span: Span, nxt: Span) -> bool:
        return (not getattr(line, "lineBreak", False) and span[1] < span[2] and nxt[1] < nxt[2]
                and (chars[nxt[1]] in closing or chars[span[2] - 1] in _OPENING))

    starts = {span[0]: k for k, span in enumerate(spans) if k}
    reach = max(b - a for a, _, b in spans) + 8  # characters a window starts with: a line and a bit
    out: list[Any] = []
    k = 0  # reportlab's line to take next
    for _ in range(2 * len(chars) + 2):
        # reportlab's lines while their breaks are good
        while k < len(lines) - 1 and not bad(lines[k], spans[k], spans[k + 1]):
            out.append(lines[k])
            k += 1
        if k == len(lines) - 1:
            return out + lines[k:]
        # then line by line from where its bad break's line starts
        pos = spans[k][0]
        while True:
            width = _widths_from(max_widths, len(out))
            size = reach
            while True:
                end = min(len(chars), pos + size)
                got = split(pos, end, width)
                got_spans = None if got is None else spans_of(got, pos, end, len(out))
                if got is None or (end == len(chars) and (not got or got_spans is None)):
                    return None
                if got_spans is not None and (len(got) >= 2 or end == len(chars)):
                    break
                size *= 2
            if len(got) == 1:
                return out + got
            line, nxt = got[0], got_spans[1][0]
            if bad(line, got_spans[0], got_spans[1]):
                cut = _choose_break(chars, got_spans[0][1], got_spans[1][1], closing)
                if cut is not None and cut < got_spans[1][1]:
                    one = split(pos, cut, width[:1])
                    if one is None or len(one) != 1:
                        return None
                    line, nxt = one[0], cut
            out.append(line)
            pos = nxt
            j = starts.get(pos)
            if j is not None and (j == len(out) or min(j, len(out)) >= tail):
                k = j  # a break of reportlab's own: its lines from here are what a split from here gives
                break
    return None


def word_split(original: Callable[..., list]) -> Callable[..., list]:
    """``textsplit.wordSplit`` (one font) keeping the rules; its lines are ``[extraSpace, text]``,
    each but the last stripped of its spaces."""

    def wordSplit(word, maxWidths, fontName, fontSize, encoding="utf8"):  # noqa: N802,N803 (reportlab's names)
        lines = original(word, maxWidths, fontName, fontSize, encoding)
        if len(lines) < 2 or not isinstance(word, str) or not _any_bad([text.strip() for _, text in lines]):
            return lines

        widths = (maxWidths if isinstance(maxWidths, (list, tuple)) else [maxWidths])
        sums = [0.0]  # the text's width up to each character, as reportlab measures it (made when needed)

        def spans_of(got: list, offset: int, end: int, line_no: int) -> list[Span] | None:
            """Lines are stripped of their spaces: where one ended is found from its extra space,
            its width less the width of the characters it took."""
            if len(sums) == 1:
                for w in _textsplit.getCharWidths(word, fontName, fontSize):
                    sums.append(sums[-1] + w)
            spans, pos = [], offset
            for m, (extra, text) in enumerate(got):
                text = text.strip()
                first = pos
                while text and first < end and word[first].isspace():
                    first += 1
                if word[first:first + len(text)] != text:
                    return None
                last = first + len(text)  # a line of spaces only: an empty span where it starts
                spans.append((pos, first, last))
                if m < len(got) - 1:
                    used = _widths_from(widths, line_no + m)[0] - extra
                    ends = [last]
                    while ends[-1] < end and word[ends[-1]].isspace():
                        ends.append(ends[-1] + 1)
                    pos = min(ends, key=lambda r: abs(sums[r] - sums[spans[-1][0]] - used))
                    if abs(sums[pos] - sums[spans[-1][0]] - used) > 0.01:
                        return None
            return spans

        def split(a: int, b: int, widths: list[float]) -> list:
            got = original(word[a:b], widths, fontName, fontSize, encoding)
            if b < len(word) and got:  # a line that now ends before the paragraph does: stripped
                got[-1] = [got[-1][0], got[-1][1].strip()]
            return got

        spans = spans_of(lines, 0, len(word), 0)
        mended = None if spans is None else _mend(lines, spans, word, widths, split, spans_of)
        return lines if mended is None else mended

    setattr(wordSplit, _MARK, original)
    return wordSplit


def frag_split(original: Callable[..., Any]) -> Callable[..., Any]:
    """``paragraph.cjkFragSplit`` (several fonts) keeping the rules; it returns ``ParaLines``
    of ``FragLine``s, each holding its glyphs grouped by frag (a ``<br/>`` or an image a group
    of its own, reportlab's ``sameFrag``)."""

    def cjkFragSplit(frags, maxWidths, calcBounds, encoding="utf8"):  # noqa: N802,N803 (reportlab's names)
        result = original(frags, maxWidths, calcBounds, encoding)
        lines = list(getattr(result, "lines", None) or [])
        if len(lines) < 2 or not all(isinstance(getattr(f, "text", None), str) for f in frags) or not _any_bad(
                ["".join(w.text for w in line.words).strip() for line in lines]):
            return result
        # the glyphs as cjkFragSplit lists them: a character each, an empty frag (<br/>, image) one
        units: list[tuple[int, int | None]] = []
        for n, f in enumerate(frags):
            units += [(n, i) for i in range(len(f.text))] if f.text else [(n, None)]
        chars = ["" if i is None else frags[n].text[i] for n, i in units]

        def pieces(a: int, b: int) -> list:
            """The frags of glyphs a to b: slices of the paragraph's, empty ones as they are."""
            out: list = []
            k = a
            while k < b:
                n, i = units[k]
                if i is None:
                    out.append(frags[n])
                    k += 1
                    continue
                end = k  # the run of this frag's characters: i to i + (end - k)
                while end < b and units[end][0] == n and units[end][1] is not None:
                    end += 1
                out.append(frags[n].clone(text=frags[n].text[i:i + end - k]))
                k = end
            return out

        def spans_of(got: list, offset: int, end: int, line_no: int) -> list[Span] | None:
            spans, pos = [], offset
            for line in got:
                n = sum(len(w.text) if w.text else 1 for w in line.words)
                a, b = pos, pos + n
                while a < b and not chars[a].strip():
                    a += 1
                while b > a and not chars[b - 1].strip():
                    b -= 1
                if a == b:  # nothing visible (a line of a <br/> only): an empty span where it starts
                    a = b = pos
                spans.append((pos, a, b))
                pos += n
            # an empty frag grouped with its neighbours would be miscounted: then keep reportlab's
            return spans if pos == end else None

        def split(a: int, b: int, widths: list[float]) -> list:
            return list(original(pieces(a, b), widths, calcBounds, encoding).lines)

        spans = spans_of(lines, 0, len(chars), 0)
        mended = None if spans is None else _mend(
            lines, spans, chars, maxWidths if isinstance(maxWidths, (list, tuple)) else [maxWidths], split, spans_of)
        return result if mended is None else _paragraph.ParaLines(kind=1, lines=mended)

    setattr(cjkFragSplit, _MARK, original)
    return cjkFragSplit


def install() -> None:
    """Wrap the splitters where ``Paragraph.breakLinesCJK`` finds them; once."""
    if not hasattr(_paragraph.wordSplit, _MARK):
        _paragraph.wordSplit = word_split(_paragraph.wordSplit)
    if not hasattr(_paragraph.cjkFragSplit, _MARK):
        _paragraph.cjkFragSplit = frag_split(_paragraph.cjkFragSplit)


def uninstall() -> None:
    """reportlab's own splitters again (for tests that show what the wrapper prevents)."""
    for name in ("wordSplit", "cjkFragSplit"):
        original = getattr(getattr(_paragraph, name), _MARK, None)
        if original is not None:
            setattr(_paragraph, name, original)
