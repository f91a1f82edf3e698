#!/usr/bin/env python3
"""Flat SVG illustrations: product packaging, service scenes and brand icons.

Usage: illustrations.py PUBLIC_DIR --touch-svg TMP.svg
Writes PUBLIC_DIR/images/products/*.svg, PUBLIC_DIR/images/services/*.svg and
PUBLIC_DIR/favicon.svg; the apple-touch-icon source goes to TMP.svg so the
shell script can rasterise it to PNG.

Everything is hand-built from simple shapes so each file stays a few KB,
has no external references and renders the same in every browser. The only
text is one short product word on a label (font-family system-ui, sans-serif).
"""
import argparse
import math
import os

FONT = "system-ui, sans-serif"
# Brand palette shared by every illustration (matches the hero videos).
CREAM, CREAM2 = "#f7f1e8", "#efe6d8"
MINT, SAGE, LEAF, DEEP = "#e3eee3", "#9dbfa5", "#4f8a63", "#23412f"
BLUSH, ROSE, WINE = "#f6dde0", "#d9677f", "#8e2c45"
INK = "#2c3a31"


def n(x):
    """Compact number formatting keeps the files small."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def label_text(x, y, word, size, fill="#fff", weight=700, spacing=0.5):
    return (f'<text x="{n(x)}" y="{n(y)}" font-family="{FONT}" font-size="{n(size)}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="middle" letter-spacing="{spacing}">{word}</text>')


def fit(word, width, max_size):
    return min(max_size, width / (len(word) * .62))


# ----------------------------------------------------------------- backdrop
def backdrop(blob=MINT, accent=BLUSH, shadow_w=150, shadow_x=200):
    """Soft cream card with a pale blob, two leaf sprigs and a floor shadow."""
    return (f'<rect width="400" height="300" fill="{CREAM}"/>'
            f'<path d="M88,226 C60,150 110,62 204,52 C300,42 352,104 340,176 C330,240 262,262 196,258 C140,255 102,250 88,226Z" fill="{blob}"/>'
            f'<circle cx="318" cy="70" r="22" fill="{accent}"/>'
            + sprig(56, 250, -62, .9, SAGE) + sprig(352, 252, -118, .75, SAGE)
            + f'<ellipse cx="{shadow_x}" cy="262" rx="{shadow_w}" ry="9" fill="{INK}" opacity=".12"/>')


def sprig(x, y, ang, s, col):
    """A little stem with three leaves, used as a decorative motif."""
    leaf = "M0,0 C5,-7 14,-7 20,0 C14,7 5,7 0,0Z"
    return (f'<g transform="translate({n(x)},{n(y)}) rotate({n(ang)}) scale({n(s)})" fill="{col}" opacity=".8">'
            f'<path d="M0,0 L60,0" stroke="{col}" stroke-width="2.5" stroke-linecap="round"/>'
            f'<path transform="translate(18,0) rotate(-40)" d="{leaf}"/><path transform="translate(34,0) rotate(40)" d="{leaf}"/>'
            f'<path transform="translate(58,0)" d="{leaf}"/></g>')


def shine(x, y, w, h, rx=6):
    """Left highlight + right shade, the only 'lighting' in the flat style."""
    return (f'<rect x="{n(x + w*.12)}" y="{n(y + 6)}" width="{n(w*.1)}" height="{n(h - 12)}" rx="{n(w*.05)}" fill="#fff" opacity=".35"/>'
            f'<rect x="{n(x + w*.8)}" y="{n(y + 2)}" width="{n(w*.2 - 2)}" height="{n(h - 4)}" rx="{n(rx)}" fill="#000" opacity=".07"/>')


# ------------------------------------------------------------ packaging
def bottle(cx, bottom, w, h, body, cap, label, word, word_fill="#fff", neck=.3):
    """Round-shouldered bottle with screw cap and wrap label."""
    x = cx - w / 2
    top = bottom - h
    sh = top + h * .2            # shoulder line
    nw = w * neck                # neck width
    nt = top + h * .06           # neck top
    out = [f'<path d="M{n(x)},{n(bottom - 8)} V{n(sh + w*.22)} C{n(x)},{n(sh)} {n(cx - nw/2)},{n(sh)} {n(cx - nw/2)},{n(nt + 6)} '
           f'H{n(cx + nw/2)} C{n(cx + nw/2)},{n(sh)} {n(x + w)},{n(sh)} {n(x + w)},{n(sh + w*.22)} V{n(bottom - 8)} '
           f'Q{n(x + w)},{n(bottom)} {n(x + w - 8)},{n(bottom)} H{n(x + 8)} Q{n(x)},{n(bottom)} {n(x)},{n(bottom - 8)}Z" fill="{body}"/>',
           shine(x, sh + 4, w, bottom - sh - 8)]
    cw = nw * 1.25
    ct = top - h * .03
    out.append(f'<rect x="{n(cx - cw/2)}" y="{n(ct)}" width="{n(cw)}" height="{n(nt - ct + 8)}" rx="3" fill="{cap}"/>')
    for i in range(1, 5):
        xx = cx - cw / 2 + cw * i / 5
        out.append(f'<path d="M{n(xx)},{n(ct + 3)} V{n(nt + 5)}" stroke="#000" stroke-opacity=".12" stroke-width="1.5"/>')
    ly, lh = sh + (bottom - sh) * .28, (bottom - sh) * .46
    out.append(f'<rect x="{n(x)}" y="{n(ly)}" width="{n(w)}" height="{n(lh)}" fill="{label}"/>'
               f'<rect x="{n(x)}" y="{n(ly + lh - 5)}" width="{n(w)}" height="5" fill="#000" opacity=".08"/>')
    if word:
        out.append(label_text(cx, ly + lh * .5 + fit(word, w - 12, 18) * .36, word, fit(word, w - 12, 18), word_fill))
    out.append(leaf_mark(cx, ly + lh * .82 - 2, .5, word_fill))
    return "".join(out)


def leaf_mark(cx, cy, s, col):
    """Tiny leaf pair used as a generic 'brand' mark on labels (not a logo)."""
    return (f'<g transform="translate({n(cx)},{n(cy)}) scale({n(s)})" fill="{col}" opacity=".85">'
            f'<path d="M0,0 C-4,-8 -14,-9 -18,-4 C-12,2 -4,2 0,0Z"/><path d="M0,0 C4,-8 14,-9 18,-4 C12,2 4,2 0,0Z"/></g>')


def jerrycan(cx, bottom, w, h, body, cap, label, word, word_fill="#fff"):
    """Jerrycan seen from the front: handle cut-out top right, spout top left."""
    x, top = cx - w / 2, bottom - h
    out = [f'<rect x="{n(x + w*.08)}" y="{n(top - h*.08)}" width="{n(w*.2)}" height="{n(h*.12)}" rx="3" fill="{cap}"/>',
           f'<rect x="{n(x + w*.05)}" y="{n(top - h*.02)}" width="{n(w*.26)}" height="{n(h*.05)}" rx="2" fill="{cap}"/>',
           f'<path d="M{n(x)},{n(top + 18)} Q{n(x)},{n(top)} {n(x + 18)},{n(top)} H{n(x + w - 18)} Q{n(x + w)},{n(top)} {n(x + w)},{n(top + 18)} '
           f'V{n(bottom - 10)} Q{n(x + w)},{n(bottom)} {n(x + w - 10)},{n(bottom)} H{n(x + 10)} Q{n(x)},{n(bottom)} {n(x)},{n(bottom - 10)}Z" fill="{body}"/>',
           # handle: a rounded hole through the body, filled with the blob colour behind
           f'<rect x="{n(x + w*.48)}" y="{n(top + h*.06)}" width="{n(w*.4)}" height="{n(h*.13)}" rx="{n(h*.065)}" fill="{CREAM2}"/>',
           f'<path d="M{n(x + w*.42)},{n(top + h*.26)} H{n(x + w*.95)}" stroke="#000" stroke-opacity=".08" stroke-width="3"/>',
           shine(x, top + h * .25, w, h * .72, 8)]
    ly, lh = top + h * .38, h * .4
    out.append(f'<rect x="{n(x + w*.1)}" y="{n(ly)}" width="{n(w*.8)}" height="{n(lh)}" rx="6" fill="{label}"/>')
    if word:
        fs = fit(word, w * .7, 22)
        out.append(label_text(cx, ly + lh * .46 + fs * .36, word, fs, word_fill))
    out.append(leaf_mark(cx, ly + lh * .8, .55, word_fill))
    return "".join(out)


def sachet(cx, cy, w, h, ang, body, band, word="", word_fill="#fff"):
    """Flat sachet with crimped (zig-zag) top and bottom seals."""
    x, y = -w / 2, -h / 2
    top = " ".join(f"{n(x + w*i/12)},{n(y - (4 if i % 2 else 0))}" for i in range(13))
    bot = " ".join(f"{n(x + w*i/12)},{n(-y + (4 if i % 2 else 0))}" for i in range(12, -1, -1))
    out = [f'<g transform="translate({n(cx)},{n(cy)}) rotate({n(ang)})">',
           f'<path d="M{top} L{bot}Z" fill="{body}"/>',
           f'<rect x="{n(x)}" y="{n(y + 8)}" width="{n(w)}" height="{n(h*.1)}" fill="#000" opacity=".06"/>',
           f'<rect x="{n(x)}" y="{n(-y - 8 - h*.1)}" width="{n(w)}" height="{n(h*.1)}" fill="#000" opacity=".06"/>',
           f'<rect x="{n(x)}" y="{n(-h*.12)}" width="{n(w)}" height="{n(h*.36)}" fill="{band}"/>',
           flower_mark(0, -h * .26, w * .011, band)]
    if word:
        fs = fit(word, w * .85, 16)
        out.append(label_text(0, h * .06 + fs * .36, word, fs, word_fill))
    out.append("</g>")
    return "".join(out)


def flower_mark(cx, cy, s, col):
    """Five-petal flower glyph used on sachets."""
    p = "M0,0 C-5,-6 -4,-13 0,-15 C4,-13 5,-6 0,0Z"
    return (f'<g transform="translate({n(cx)},{n(cy)}) scale({n(s)})" fill="{col}">'
            + "".join(f'<path transform="rotate({a})" d="{p}"/>' for a in range(0, 360, 72))
            + '<circle r="3.5" fill="#fff"/></g>')


def pouch(cx, bottom, w, h, body, band, word, word_fill="#fff"):
    """Stand-up pouch: slightly waisted sides, zip line and tear notch."""
    x, top = cx - w / 2, bottom - h
    out = [f'<path d="M{n(x + 6)},{n(top)} H{n(x + w - 6)} Q{n(x + w)},{n(top)} {n(x + w)},{n(top + 6)} '
           f'C{n(x + w - 6)},{n(top + h*.4)} {n(x + w + 4)},{n(top + h*.8)} {n(x + w)},{n(bottom - 4)} '
           f'Q{n(cx)},{n(bottom + 6)} {n(x)},{n(bottom - 4)} C{n(x - 4)},{n(top + h*.8)} {n(x + 6)},{n(top + h*.4)} {n(x)},{n(top + 6)} '
           f'Q{n(x)},{n(top)} {n(x + 6)},{n(top)}Z" fill="{body}"/>',
           f'<path d="M{n(x + 4)},{n(top + 16)} H{n(x + w - 4)}" stroke="#000" stroke-opacity=".12" stroke-width="2" stroke-dasharray="4 3"/>',
           f'<path d="M{n(x + w)},{n(top + 8)} l-6,3 6,3" fill="{CREAM}"/>',
           f'<rect x="{n(x + 4)}" y="{n(top + h*.38)}" width="{n(w - 8)}" height="{n(h*.3)}" fill="{band}"/>',
           f'<path d="M{n(x + 6)},{n(bottom - 14)} Q{n(cx)},{n(bottom - 2)} {n(x + w - 6)},{n(bottom - 14)}" stroke="#000" stroke-opacity=".1" stroke-width="2" fill="none"/>',
           f'<rect x="{n(x + w*.14)}" y="{n(top + 24)}" width="{n(w*.08)}" height="{n(h*.55)}" rx="3" fill="#fff" opacity=".3"/>']
    fs = fit(word, w * .8, 17)
    out.append(label_text(cx, top + h * .53 + fs * .36, word, fs, word_fill))
    out.append(flower_mark(cx, top + h * .28, .9, band))
    return "".join(out)


def roll(cx, cy, r, length, paper, edge, core="#c9a77c", sheet=None, word="", word_fill=INK):
    """Horizontal roll seen at three-quarter: tube body, spiral end, unrolled tail."""
    x0 = cx - length / 2
    out = []
    if sheet:  # unrolled tail hanging down to the floor
        out.append(f'<path d="M{n(x0 + 10)},{n(cy + r)} H{n(x0 + length)} L{n(x0 + length + 30)},{n(260)} H{n(x0 + 40)}Z" fill="{sheet}"/>'
                   f'<path d="M{n(x0 + 20)},{n(cy + r + 28)} H{n(x0 + length + 8)}" stroke="#000" stroke-opacity=".12" stroke-dasharray="5 4" stroke-width="1.5"/>')
    out.append(f'<rect x="{n(x0)}" y="{n(cy - r)}" width="{n(length)}" height="{n(2*r)}" fill="{paper}"/>'
               f'<rect x="{n(x0)}" y="{n(cy - r + 6)}" width="{n(length)}" height="{n(r*.22)}" fill="#fff" opacity=".35"/>'
               f'<rect x="{n(x0)}" y="{n(cy + r*.55)}" width="{n(length)}" height="{n(r*.45)}" fill="#000" opacity=".07"/>')
    if word:
        fs = fit(word, length * .6, 26)
        out.append(label_text(cx + 10, cy + fs * .36, word, fs, word_fill))
    # spiral end (ellipse for perspective)
    ex = x0
    out.append(f'<ellipse cx="{n(ex)}" cy="{n(cy)}" rx="{n(r*.42)}" ry="{n(r)}" fill="{edge}"/>')
    for k in (.8, .6, .42):
        out.append(f'<ellipse cx="{n(ex)}" cy="{n(cy)}" rx="{n(r*.42*k)}" ry="{n(r*k)}" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="1.5"/>')
    out.append(f'<ellipse cx="{n(ex)}" cy="{n(cy)}" rx="{n(r*.42*.3)}" ry="{n(r*.3)}" fill="{core}"/>'
               f'<ellipse cx="{n(ex + 1)}" cy="{n(cy)}" rx="{n(r*.42*.18)}" ry="{n(r*.18)}" fill="#7a6048"/>')
    return "".join(out)


def bucket(cx, bottom, w, h, body, lid, label, word, word_fill="#fff"):
    """Tapered bucket with lid and wire handle."""
    tw, bw = w, w * .8
    top = bottom - h
    out = [f'<path d="M{n(cx - tw/2 - 4)},{n(top + 14)} C{n(cx - tw/2)},{n(top - h*.45)} {n(cx + tw/2)},{n(top - h*.45)} {n(cx + tw/2 + 4)},{n(top + 14)}" '
           f'stroke="#8a948c" stroke-width="4" fill="none"/>',
           f'<path d="M{n(cx - tw/2)},{n(top + 6)} L{n(cx - bw/2)},{n(bottom - 6)} Q{n(cx - bw/2)},{n(bottom)} {n(cx - bw/2 + 6)},{n(bottom)} '
           f'H{n(cx + bw/2 - 6)} Q{n(cx + bw/2)},{n(bottom)} {n(cx + bw/2)},{n(bottom - 6)} L{n(cx + tw/2)},{n(top + 6)}Z" fill="{body}"/>',
           f'<path d="M{n(cx - tw/2 + 14)},{n(top + 18)} L{n(cx - bw/2 + 14)},{n(bottom - 10)}" stroke="#fff" stroke-opacity=".35" stroke-width="8" stroke-linecap="round"/>',
           f'<path d="M{n(cx + tw/2 - 14)},{n(top + 18)} L{n(cx + bw/2 - 12)},{n(bottom - 8)}" stroke="#000" stroke-opacity=".07" stroke-width="18"/>',
           f'<rect x="{n(cx - tw/2 - 6)}" y="{n(top - 4)}" width="{n(tw + 12)}" height="16" rx="5" fill="{lid}"/>',
           f'<rect x="{n(cx - tw/2 - 2)}" y="{n(top + 14)}" width="{n(tw + 4)}" height="6" rx="2" fill="{lid}" opacity=".8"/>']
    ly, lh = top + h * .32, h * .36
    lw = (tw + bw) / 2 * .86
    out.append(f'<rect x="{n(cx - lw/2)}" y="{n(ly)}" width="{n(lw)}" height="{n(lh)}" rx="5" fill="{label}"/>')
    fs = fit(word, lw * .8, 22)
    out.append(label_text(cx, ly + lh * .45 + fs * .36, word, fs, word_fill))
    out.append(leaf_mark(cx, ly + lh * .82, .55, word_fill))
    return "".join(out)


def svg400(inner):
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">{inner}</svg>'


def products():
    P = {}
    # Three small biostimulant bottles, one per product line.
    P["bioestimulantes"] = svg400(backdrop(MINT, BLUSH, 150)
        + bottle(116, 250, 70, 150, "#f4f1ea", "#4f8a63", "#4f8a63", "Fortify")
        + bottle(284, 250, 70, 150, "#f4f1ea", "#c7798a", "#c7798a", "Alpha")
        + bottle(200, 256, 86, 176, "#f4f1ea", "#2f5d43", "#2f5d43", "Fundament"))
    P["danisaraba"] = svg400(backdrop("#f3e6dc", MINT, 90)
        + bottle(200, 256, 96, 196, "#fbfaf6", "#c8553d", "#c8553d", "Danisaraba"))
    P["chrysal-viva"] = svg400(backdrop(MINT, BLUSH, 100)
        + bottle(200, 258, 112, 214, "#fbfaf6", "#3d7a52", "#3d7a52", "Viva"))
    P["chrysal-intensive"] = svg400(backdrop("#e4eef0", BLUSH, 120)
        + jerrycan(200, 258, 170, 190, "#f7f6f1", "#2f7f86", "#2f7f86", "Intensive"))
    P["chrysal-hvb"] = svg400(backdrop(MINT, "#f3e3c9", 120)
        + jerrycan(200, 258, 170, 190, "#f7f6f1", "#5b8f3d", "#5b8f3d", "HVB"))
    P["chrysal-rvb"] = svg400(backdrop(BLUSH, MINT, 165)
        + jerrycan(140, 258, 130, 150, "#f7f6f1", "#b4566c", "#b4566c", "RVB")
        + jerrycan(262, 258, 130, 150, "#f7f6f1", "#5aa3b0", "#5aa3b0", "Clear"))
    P["chrysal-avb"] = svg400(backdrop("#ece7f0", MINT, 130)
        + bottle(160, 258, 84, 190, "#fbfaf6", "#6a5a8e", "#6a5a8e", "AVB")
        + bottle(250, 258, 84, 170, "#fbfaf6", "#3d7a52", "#3d7a52", "Booster"))
    P["chrysal-arrive-alive"] = svg400(backdrop("#e2eef0", BLUSH, 95)
        + pouch(200, 256, 150, 196, "#f9f8f3", "#2f8a8f", "Arrive Alive"))
    P["chrysal-essential"] = svg400(backdrop(BLUSH, MINT, 140)
        + sachet(140, 165, 110, 150, -14, "#fbf8f2", "#9ccf9f")
        + sachet(262, 168, 110, 150, 12, "#fbf8f2", "#e7a0ad")
        + sachet(200, 158, 118, 160, 0, "#fbf8f2", "#4f8a63", "Essential"))
    P["chrysal-solucion-inicial"] = svg400(backdrop(MINT, "#f3e3c9", 105)
        + bucket(200, 256, 150, 160, "#f4f3ee", "#3d7a52", "#3d7a52", "Inicial"))
    # Roll of transport stickers: round stickers on a backing strip.
    strip = ('<path d="M112,170 C112,216 150,232 220,234 L330,240 L326,262 L214,256 C140,254 98,224 100,170Z" fill="#fbfaf6"/>'
             + "".join(f'<circle cx="{n(x)}" cy="{n(y)}" r="9" fill="#d9677f"/><circle cx="{n(x)}" cy="{n(y)}" r="3.5" fill="#fbe4e8"/>'
                       for x, y in ((132, 220), (170, 240), (214, 246), (256, 248), (298, 251))))
    P["chrysal-transport-stickers"] = svg400(backdrop(BLUSH, MINT, 140)
        + strip + '<circle cx="190" cy="150" r="86" fill="#f3efe6"/><circle cx="190" cy="150" r="86" fill="none" stroke="#e5ddd0" stroke-width="2"/>'
        + "".join(f'<circle cx="190" cy="150" r="{r}" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="1.5"/>' for r in (74, 62, 50))
        + '<circle cx="190" cy="150" r="38" fill="#c9a77c"/><circle cx="190" cy="150" r="28" fill="#efe6d8"/>'
        + "".join(f'<circle cx="{n(190 + 80*math.cos(math.radians(a)))}" cy="{n(150 + 80*math.sin(math.radians(a)))}" r="7" fill="#d9677f"/>'
                  for a in range(-150, 100, 30))
        + label_text(190, 158, "2000", 22, "#8e2c45", 800, 1))
    # Roll of ethylene-blocking sheets: large paper roll with the sheet pulled out.
    P["chrysal-eb-sheets"] = svg400(backdrop(MINT, BLUSH, 160)
        + roll(212, 150, 62, 210, "#f5f2ea", "#ebe5d8", sheet="#fbfaf6", word="EB", word_fill="#3d7a52"))
    # Box liner: long flower box with the liner sheet folded over its rim.
    P["chrysal-freshliner"] = svg400(backdrop("#e4eef0", BLUSH, 165)
        + '<path d="M46,150 L332,136 L362,160 L76,176Z" fill="#cfae82"/>'
        + '<path d="M76,176 L362,160 L362,240 L76,258Z" fill="#dcbf96"/><path d="M46,150 L76,176 L76,258 L46,230Z" fill="#c29f72"/>'
        + '<path d="M58,150 C110,118 180,130 230,112 C280,96 320,118 344,140 L346,166 L70,182Z" fill="#f8fbf8"/>'
        + '<path d="M70,182 L346,166 L340,188 L76,206Z" fill="#eef5f1"/>'
        + '<path d="M110,138 C150,126 190,134 226,120" stroke="#000" stroke-opacity=".07" stroke-width="3" fill="none"/>'
        + '<g fill="#d9677f"><circle cx="150" cy="128" r="12"/><circle cx="186" cy="122" r="13"/><circle cx="222" cy="116" r="12"/></g>'
        + '<g fill="#b84d66"><circle cx="150" cy="128" r="5"/><circle cx="186" cy="122" r="5"/><circle cx="222" cy="116" r="5"/></g>'
        + '<rect x="150" y="206" width="150" height="30" rx="5" fill="#2f8a8f" transform="rotate(-3 225 221)"/>'
        + label_text(225, 227, "Freshliner", 16, "#fff").replace("<text", '<text transform="rotate(-3 225 221)"'))
    return P


# --------------------------------------------------------------- services
def svc(inner, bg1, bg2):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">'
            f'<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{bg1}"/>'
            f'<stop offset="1" stop-color="{bg2}"/></linearGradient></defs><rect width="800" height="500" fill="url(#g)"/>{inner}</svg>')


def rose_head(cx, cy, s, col=ROSE, dark=WINE, ang=0):
    """Simple side-view rose head: cup of three petals + sepals."""
    return (f'<g transform="translate({n(cx)},{n(cy)}) rotate({n(ang)}) scale({n(s)})">'
            f'<path d="M-22,-4 C-26,-26 -10,-40 0,-40 C10,-40 26,-26 22,-4 C16,10 -16,10 -22,-4Z" fill="{col}"/>'
            f'<path d="M-22,-4 C-18,-22 -6,-26 2,-18 C-6,-8 -12,2 -22,-4Z" fill="{dark}" opacity=".35"/>'
            f'<path d="M-6,-30 C0,-38 12,-34 10,-24 C4,-28 -2,-26 -6,-30Z" fill="{dark}" opacity=".45"/>'
            f'<path d="M-16,4 L-4,-4 L0,8 L4,-4 L16,4 L4,10 L-4,10Z" fill="{LEAF}"/></g>')


def stem(x1, y1, x2, y2, col=LEAF, w=5):
    mx = (x1 + x2) / 2 + (y2 - y1) * .06
    return f'<path d="M{n(x1)},{n(y1)} Q{n(mx)},{n((y1 + y2)/2)} {n(x2)},{n(y2)}" stroke="{col}" stroke-width="{w}" fill="none" stroke-linecap="round"/>'


def leaf(x, y, ang, s, col=LEAF):
    return f'<path transform="translate({n(x)},{n(y)}) rotate({n(ang)}) scale({n(s)})" d="M0,0 C8,-12 26,-12 36,0 C26,12 8,12 0,0Z" fill="{col}"/>'


def services():
    S = {}
    # Predictive models: greenhouse + rose, with a forecast chart card on top.
    gh = "".join(f'<path d="M{x},330 V210 Q{x+80},150 {x+160},210 V330" fill="#fff" fill-opacity=".35" stroke="#9dbfa5" stroke-width="4"/>'
                 for x in (40, 200, 360, 520))
    gh += '<path d="M30,330 H700" stroke="#9dbfa5" stroke-width="4"/>' + "".join(
        f'<path d="M{x},{202 if (x-40)%160 else 210} V330" stroke="#9dbfa5" stroke-width="2" opacity=".6"/>' for x in range(80, 680, 40))
    roses = "".join(stem(x, 470, x + 6, y) + leaf(x + 3, (470 + y) / 2, -30 if i % 2 else 200, .9) + rose_head(x + 6, y, 1.1)
                    for i, (x, y) in enumerate(((90, 360), (150, 330), (210, 370), (600, 350), (660, 320), (720, 365))))
    card = ('<rect x="300" y="60" width="380" height="250" rx="18" fill="#fff" opacity=".95"/>'
            '<rect x="300" y="60" width="380" height="250" rx="18" fill="none" stroke="#e2d8ca" stroke-width="2"/>'
            + "".join(f'<path d="M330,{y} H650" stroke="#ece5da" stroke-width="2"/>' for y in (120, 170, 220, 270))
            + "".join(f'<rect x="{340 + i*44}" y="{270 - h}" width="24" height="{h}" rx="5" fill="{MINT if i < 5 else BLUSH}"/>'
                      for i, h in enumerate((60, 82, 74, 104, 96, 120, 138)))
            + '<path d="M352,232 C390,214 410,206 440,196 S500,170 530,160 S600,118 640,100" stroke="#4f8a63" stroke-width="5" fill="none" stroke-linecap="round"/>'
            + '<path d="M530,160 S600,118 640,100 L640,86 C600,100 560,126 530,146Z" fill="#d9677f" opacity=".2"/>'
            + '<path d="M530,160 C570,140 600,120 640,100" stroke="#d9677f" stroke-width="5" stroke-dasharray="8 8" fill="none" stroke-linecap="round"/>'
            + "".join(f'<circle cx="{x}" cy="{y}" r="7" fill="#fff" stroke="#4f8a63" stroke-width="4"/>' for x, y in ((352, 232), (440, 196), (530, 160)))
            + '<circle cx="640" cy="100" r="9" fill="#d9677f"/><circle cx="640" cy="100" r="18" fill="#d9677f" opacity=".2"/>'
            + '<g fill="#9dbfa5"><rect x="330" y="82" width="90" height="10" rx="5"/><rect x="330" y="98" width="56" height="8" rx="4" opacity=".6"/></g>')
    # A tiny network glyph hinting at the model behind the forecast.
    nodes = ('<g transform="translate(-620,-270)"><g stroke="#c7798a" stroke-width="2" opacity=".7"><path d="M700,360 L748,330 M700,360 L748,392 M748,330 L790,360 M748,392 L790,360 M700,360 L748,360 L790,360"/></g>'
             + "".join(f'<circle cx="{x}" cy="{y}" r="7" fill="{c}"/>' for x, y, c in
                       ((700, 360, "#4f8a63"), (748, 330, ROSE), (748, 360, ROSE), (748, 392, ROSE), (790, 360, "#4f8a63"))) + "</g>")
    S["ai-models"] = svc('<circle cx="640" cy="110" r="140" fill="#fdf3e3"/>' + gh
                         + '<rect y="330" width="800" height="170" fill="#d8e6d6"/>' + roses + card + nodes, "#f4ecdf", "#e7efe4")
    # Rose dip: a bunch held upside down, heads dipped into a tank of solution.
    # Back wall of the tank first, then the heads, then translucent solution over them.
    heads = "".join(stem(x, 40, x + dx, 300, LEAF, 5) + leaf(x + dx * .6, 170, 160 if i % 2 else 20, 1) +
                    rose_head(x + dx, 318, 1.4, ROSE, WINE, 180)
                    for i, (x, dx) in enumerate(((330, -30), (360, -12), (392, 0), (424, 12), (456, 30), (376, 2), (410, 6))))
    back = '<path d="M170,280 H630 L600,470 H200Z" fill="#d6e7e8"/>'
    tank = ('<path d="M174,292 H626 L600,470 H200Z" fill="#8fcac6" opacity=".5"/>'
            '<path d="M174,292 Q260,284 330,292 T480,292 T626,292" stroke="#fff" stroke-width="4" fill="none" opacity=".7"/>'
            '<path d="M160,272 H640 V286 H160Z" fill="#b7cfd0"/><path d="M160,286 H640 L636,296 H164Z" fill="#a3bfc0"/>'
            + "".join(f'<ellipse cx="{x}" cy="294" rx="{r}" ry="{r/4}" fill="none" stroke="#fff" stroke-width="2.5" opacity=".6"/>'
                      for x, r in ((330, 40), (400, 64), (470, 44)))
            + "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" opacity=".55"/>'
                      for x, y, r in ((300, 400, 6), (340, 430, 4), (460, 410, 7), (500, 445, 4), (420, 455, 5))))
    band = '<rect x="318" y="110" width="160" height="26" rx="8" fill="#c8a57a"/><rect x="318" y="110" width="160" height="8" rx="4" fill="#fff" opacity=".3"/>'
    drops = "".join(f'<path transform="translate({x},{y})" d="M0,-10 C5,-2 6,2 6,4 A6,6 0 0 1 -6,4 C-6,2 -5,-2 0,-10Z" fill="#8ec3c4"/>'
                    for x, y in ((250, 240), (560, 220), (600, 250)))
    S["rose-dip"] = svc('<circle cx="640" cy="120" r="120" fill="#f6dde0"/>' + back + heads + band + tank + drops
                        + sprig_big(90, 470) + sprig_big(720, 470, True), "#f6efe4", "#e9f0ea")
    # Long storage: a cold room with racked flower boxes and frost.
    racks = "".join(f'<rect x="{x}" y="{y}" width="150" height="52" rx="6" fill="{c}"/><rect x="{x}" y="{y}" width="150" height="12" rx="6" fill="#000" opacity=".06"/>'
                    f'<circle cx="{x+20}" cy="{y+30}" r="8" fill="{ROSE}" opacity=".8"/>'
                    for x in (90, 260, 430) for y, c in ((120, "#dcc09a"), (196, "#e6cfad"), (272, "#dcc09a"), (348, "#e6cfad")))
    shelves = "".join(f'<rect x="70" y="{y}" width="530" height="8" rx="3" fill="#9fb4bd"/>' for y in (174, 250, 326, 402))
    shelves += "".join(f'<rect x="{x}" y="100" width="10" height="330" rx="3" fill="#8aa1ab"/>' for x in (70, 590))
    flake = lambda x, y, s: (f'<g transform="translate({x},{y}) scale({s})" stroke="#fff" stroke-width="4" stroke-linecap="round">'
                             + "".join(f'<path transform="rotate({a})" d="M0,0 V-24 M0,-14 L-7,-20 M0,-14 L7,-20"/>' for a in range(0, 360, 60)) + "</g>")
    thermo = ('<rect x="676" y="130" width="36" height="190" rx="18" fill="#fff"/><rect x="688" y="230" width="12" height="70" rx="6" fill="#5aa3b0"/>'
              '<circle cx="694" cy="312" r="22" fill="#5aa3b0"/><circle cx="694" cy="312" r="30" fill="none" stroke="#fff" stroke-width="8"/>'
              + "".join(f'<path d="M714,{y} H726" stroke="#fff" stroke-width="3"/>' for y in (150, 180, 210, 240, 270)))
    S["long-storage"] = svc('<rect x="40" y="70" width="590" height="380" rx="16" fill="#e6eff2"/>' + shelves + racks
                            + '<rect y="430" width="800" height="70" fill="#cfdde2"/>' + thermo
                            + flake(690, 400, 1.1) + flake(740, 90, .8) + flake(620, 60, .6) + flake(765, 220, .5)
                            + '<path d="M40,78 H630" stroke="#fff" stroke-width="6" opacity=".6"/>',
                            "#dfeaee", "#f1f5f2")
    # Sea freight: reefer container ship on a calm sea at dawn.
    conts = ""
    cols = ("#f4f5f1", "#5aa3b0", "#f4f5f1", "#4f8a63", "#f4f5f1", "#c7798a", "#f4f5f1")
    for row in range(3):
        for i in range(7 - row):
            x, y = 250 + i * 52 + row * 14, 262 - row * 34
            c = cols[(i + row * 2) % 7]
            conts += (f'<rect x="{x}" y="{y}" width="50" height="32" fill="{c}"/>'
                      + "".join(f'<path d="M{x+6+k*8},{y+4} V{y+28}" stroke="#000" stroke-opacity=".1" stroke-width="2"/>' for k in range(5))
                      + f'<rect x="{x+38}" y="{y+6}" width="8" height="8" fill="#23412f" opacity=".35"/>')
    ship = ('<path d="M150,296 H690 L660,360 H200Z" fill="#2f4a3c"/><path d="M160,318 H682 L676,330 H166Z" fill="#c7798a"/>'
            '<rect x="190" y="214" width="50" height="82" fill="#f4f5f1"/><rect x="196" y="224" width="38" height="10" fill="#5aa3b0"/>'
            '<rect x="212" y="194" width="10" height="22" fill="#2f4a3c"/>' + conts)
    sea = ('<path d="M0,340 H800 V500 H0Z" fill="#7fb3b4"/>'
           + "".join(f'<path d="M{x},{y} q20,-8 40,0 t40,0" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/>'
                     for x, y in ((40, 380), (520, 400), (300, 440), (680, 460), (120, 470), (420, 390)))
           + '<path d="M180,362 Q420,380 660,362" stroke="#fff" stroke-width="5" fill="none" opacity=".6"/>')
    S["sea-freight"] = svc('<circle cx="620" cy="170" r="70" fill="#fbe3cf"/><circle cx="620" cy="170" r="110" fill="#fbe3cf" opacity=".4"/>'
                           + '<path d="M0,330 C120,300 220,320 320,312 S520,300 800,318 V340 H0Z" fill="#b9cdbf"/>'
                           + ship + sea + '<g fill="none" stroke="#4f6b5b" stroke-width="3" stroke-linecap="round">'
                           '<path d="M100,110 q10,-8 20,0 q10,-8 20,0"/><path d="M150,80 q8,-6 16,0 q8,-6 16,0"/></g>',
                           "#f6e6d9", "#e8efe6")
    return S


def sprig_big(x, y, flip=False):
    s = -1 if flip else 1
    return (f'<g transform="translate({x},{y}) scale({s},1)">' + stem(0, 0, 20, -120, SAGE, 4)
            + leaf(6, -40, -70, 1.1, SAGE) + leaf(14, -80, 200, 1, SAGE) + leaf(20, -120, -80, .9, SAGE) + "</g>")


# ------------------------------------------------------------------ icons
MARK = ('<path d="M6,58 C2,40 14,28 32,34 C30,50 20,58 6,58Z" fill="#3f7d56"/>'
        '<path d="M30,36 C24,46 16,52 6,58" stroke="#2c5c3f" stroke-width="2.4" fill="none"/>'
        '<circle cx="38" cy="26" r="19" fill="#d9677f"/>'
        '<g stroke="#fbe1e6" stroke-width="3" fill="none" stroke-linecap="round">'
        '<path d="M34,25 a4.5,4.5 0 1 1 4.5,4.5"/><path d="M28,21 a11,11 0 0 0 19,11"/><path d="M45,12 a14,14 0 0 1 4,14"/></g>')


def favicon():
    # Bold, few shapes: a rose disc with a spiral and one leaf reads at 16 px.
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">{MARK}</svg>'


def touch_icon():
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="180" height="180">'
            f'<rect width="64" height="64" fill="#f7f1e8"/><g transform="translate(7,6.5) scale(.8)">{MARK}</g></svg>')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("public")
    ap.add_argument("--touch-svg", required=True, help="where to write the 180x180 icon SVG for rasterising")
    a = ap.parse_args()
    for sub, items in (("images/products", products()), ("images/services", services())):
        os.makedirs(os.path.join(a.public, sub), exist_ok=True)
        for slug, svg in items.items():
            with open(os.path.join(a.public, sub, slug + ".svg"), "w") as fh:
                fh.write(svg)
    with open(os.path.join(a.public, "favicon.svg"), "w") as fh:
        fh.write(favicon())
    with open(a.touch_svg, "w") as fh:
        fh.write(touch_icon())


if __name__ == "__main__":
    main()
