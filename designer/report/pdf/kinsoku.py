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
to go down to the next line, as a typesetter "pushes out") and lets reportlab split the rest
again. Lines before the first such break, and every paragraph without one, are reportlab's
own result, unchanged. Only non-ASCII marks count: ASCII punctuation (an English URL's
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

_MARK = "_designer_kinsoku_original"
Span = tuple[int, int, int]


def _closing() -> frozenset[str]:
    """May not start a line: reportlab's list with the Chinese marks ``styles`` adds to it, not ASCII."""
    return frozenset(c for c in _textsplit.ALL_CANNOT_START if ord(c) > 0x7F)


_OPENING = frozenset(CHINESE_CANNOT_END)


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


def _visible_spans(texts: Sequence[str], chars: Sequence[str], offset: int) -> list[Span] | None:
    """The spans of lines each stripped of its spaces (``wordSplit``'s), found in ``chars``
    from ``offset``; None when they do not match."""
    spans, pos = [], offset
    for n, text in enumerate(texts):
        text = text.strip()
        if not text:
            return None
        raw = pos
        while pos < len(chars) and chars[pos].isspace():
            pos += 1
        if "".join(chars[pos:pos + len(text)]) != text:
            return None
        # a line's spaces are stripped: where between two lines they were cut does not show
        spans.append((raw if n == 0 else pos, pos, pos + len(text)))
        pos += len(text)
    return spans


def _widths_from(max_widths: Sequence[float], line: int) -> list[float]:
    return list(max_widths[line:]) or [max_widths[-1]]


def _mend(lines: list[Any], spans: list[Span], chars: Sequence[str], max_widths: Sequence[float],
          split: Callable[[int, int, list[float]], list[Any] | None],
          spans_of: Callable[[list[Any], int], list[Span] | None]) -> list[Any] | None:
    """``lines`` (reportlab's split of ``chars``) with every bad break moved back; None when
    something does not add up (the caller then keeps reportlab's lines). ``spans`` are the
    lines' (start, first visible, last visible + 1) in ``chars``; ``split(a, b, widths)``
    splits ``chars[a:b]`` with reportlab, ``spans_of(lines, offset)`` gives such lines'
    spans. A forced break (``<br/>``: the line's ``lineBreak``) is never moved."""
    closing = _closing()
    out: list[Any] = []
    base = 0  # the paragraph's line number of lines[0], for its width
    first = 0  # breaks before lines[first] are kept
    for _ in range(len(chars) + 1):
        bad = next((k for k in range(first, len(lines) - 1)
                    if not getattr(lines[k], "lineBreak", False)
                    and (chars[spans[k + 1][1]] in closing or chars[spans[k][2] - 1] in _OPENING)), None)
        if bad is None:
            return out + lines
        cut = _choose_break(chars, spans[bad][1], spans[bad + 1][1], closing)
        if cut is None or cut >= spans[bad + 1][1]:
            first = bad + 1  # no better break in this line: keep it
            continue
        line = split(spans[bad][0], cut, _widths_from(max_widths, base + bad)[:1])
        rest = split(cut, len(chars), _widths_from(max_widths, base + bad + 1))
        got = None if rest is None else spans_of(rest, cut)
        if line is None or len(line) != 1 or rest is None or got is None:
            return None
        out += lines[:bad] + line
        base += bad + 1
        lines, spans, first = rest, got, 0
    return None


def word_split(original: Callable[..., list]) -> Callable[..., list]:
    """``textsplit.wordSplit`` (one font) keeping the rules; its lines are ``[extraSpace, text]``,
    each but the last stripped of its spaces."""

    def wordSplit(word, maxWidths, fontName, fontSize, encoding="utf8"):  # noqa: N802,N803 (reportlab's names)
        lines = original(word, maxWidths, fontName, fontSize, encoding)
        if len(lines) < 2 or not isinstance(word, str):
            return lines

        def spans_of(got: list, offset: int) -> list[Span] | None:
            return _visible_spans([text for _, text in got], word, offset)

        def split(a: int, b: int, widths: list[float]) -> list:
            got = original(word[a:b], widths, fontName, fontSize, encoding)
            if b < len(word) and got:  # a line that now ends before the paragraph does: stripped
                got[-1] = [got[-1][0], got[-1][1].strip()]
            return got

        spans = spans_of(lines, 0)
        mended = None if spans is None else _mend(
            lines, spans, word, maxWidths if isinstance(maxWidths, (list, tuple)) else [maxWidths], split, spans_of)
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
        if len(lines) < 2 or not all(isinstance(getattr(f, "text", None), str) for f in frags):
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
                end = k
                while end < b and units[end][0] == n and units[end][1] is not None:
                    end += 1
                out.append(frags[n].clone(text=frags[n].text[i:units[end - 1][1] + 1]))
                k = end
            return out

        def spans_of(got: list, offset: int) -> list[Span] | None:
            spans, pos = [], offset
            for line in got:
                n = sum(len(w.text) if w.text else 1 for w in line.words)
                a, b = pos, pos + n
                while a < b and not chars[a].strip():
                    a += 1
                while b > a and not chars[b - 1].strip():
                    b -= 1
                if a == b:
                    return None
                spans.append((pos, a, b))
                pos += n
            # an empty frag grouped with its neighbours would be miscounted: then keep reportlab's
            return spans if pos == len(chars) else None

        def split(a: int, b: int, widths: list[float]) -> list:
            return list(original(pieces(a, b), widths, calcBounds, encoding).lines)

        spans = spans_of(lines, 0)
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
