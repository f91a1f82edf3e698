#!/usr/bin/env python3
"""Procedural, seamlessly looping background scenes rendered as SVG frames.

Every scene is a pure function of the loop phase p in [0, 1): anything that
moves is either periodic in p (sin/cos of 2*pi*p*k, integer k) or lives for
exactly one loop and is invisible / off-screen at the seam. Frame 0 therefore
follows the last frame without a jump, so the <video loop> never "pops".

Usage:  scenes.py SCENE OUT_DIR [--frames N] [--size WxH]
Writes OUT_DIR/fNNNN.svg and rasterises them with rsvg-convert to fNNNN.png.
All scenes are designed on a 1280x720 canvas; --size only scales the output.
"""
import argparse
import math
import os
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor

W, H = 1280, 720
TAU = 2 * math.pi
# The SVG canvas is padded on every side and the padding is cropped away when
# rasterising: blur filters near the frame edge then blur real content instead
# of fading into transparency (which shows as a dark seam on the border).
PAD = 40


def f(x):
    return f"{x:.1f}"


def smooth_env(p, edge=0.22):
    """0 at p=0 and p=1, 1 in the middle; smooth fade so nothing pops."""
    if p < edge:
        x = p / edge
    elif p > 1 - edge:
        x = (1 - p) / edge
    else:
        return 1.0
    return x * x * (3 - 2 * x)


def petal_d(l, w):
    """Rose petal pointing up: narrow base at (0,0), broad rounded top."""
    return (f"M0,0 C{f(w*.55)},{f(-l*.08)} {f(w*.8)},{f(-l*.55)} {f(w*.48)},{f(-l*.9)} "
            f"Q0,{f(-l*1.06)} {f(-w*.48)},{f(-l*.9)} "
            f"C{f(-w*.8)},{f(-l*.55)} {f(-w*.55)},{f(-l*.08)} 0,0Z")


def round_petal_d(l, w):
    """Broad petal with a semicircular top, for blooms seen from above."""
    r = w / 2
    return (f"M0,0 C{f(w*.42)},{f(-l*.04)} {f(w*.52)},{f(-l*.42)} {f(r)},{f(-(l-r))} "
            f"A{f(r)},{f(r)} 0 0 0 {f(-r)},{f(-(l-r))} "
            f"C{f(-w*.52)},{f(-l*.42)} {f(-w*.42)},{f(-l*.04)} 0,0Z")


def leaf_d(l, w):
    """Pointed leaf along +x from (0,0)."""
    return (f"M0,0 C{f(l*.25)},{f(-w)} {f(l*.7)},{f(-w*.9)} {f(l)},0 "
            f"C{f(l*.7)},{f(w*.9)} {f(l*.25)},{f(w)} 0,0Z")


def bud_d(s):
    """Closed rosebud, base at (0,0), pointing up."""
    return (f"M0,0 C{f(s*.55)},{f(-s*.05)} {f(s*.62)},{f(-s*.6)} {f(s*.22)},{f(-s*1.05)} "
            f"Q0,{f(-s*1.2)} {f(-s*.22)},{f(-s*1.05)} "
            f"C{f(-s*.62)},{f(-s*.6)} {f(-s*.55)},{f(-s*.05)} 0,0Z")


def soft_ray(xt, wt, xb, wb, a):
    """Light shaft from top (xt, width wt) to bottom (xb, width wb). Nested
    quads of falling opacity fake soft edges; rsvg's large blurs look blocky."""
    out = []
    for k in (1, .75, .5, .25):
        ct, cb = xt + wt / 2, xb + wb / 2
        out.append(f'<path d="M{f(ct - wt*k/2)},-20 L{f(ct + wt*k/2)},-20 L{f(cb + wb*k/2)},{H+20} L{f(cb - wb*k/2)},{H+20}Z" '
                   f'fill="url(#ray)" opacity="{a/3:.3f}"/>')
    return "".join(out)


def svg_doc(defs, body):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{W + 2*PAD}" height="{H + 2*PAD}" viewBox="{-PAD} {-PAD} {W + 2*PAD} {H + 2*PAD}">'
            f'<defs>{defs}</defs>{body}</svg>')


def lin(id_, stops, x1=0, y1=0, x2=0, y2=1):
    s = "".join(f'<stop offset="{o}" stop-color="{c}" stop-opacity="{a}"/>' for o, c, a in stops)
    return f'<linearGradient id="{id_}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">{s}</linearGradient>'


def rad(id_, stops, cx=.5, cy=.5, r=.5, units=None):
    u = f' gradientUnits="{units}"' if units else ""
    s = "".join(f'<stop offset="{o}" stop-color="{c}" stop-opacity="{a}"/>' for o, c, a in stops)
    return f'<radialGradient id="{id_}" cx="{cx}" cy="{cy}" r="{r}"{u}>{s}</radialGradient>'


def blur(id_, sd):
    return (f'<filter id="{id_}" x="-50%" y="-50%" width="200%" height="200%">'
            f'<feGaussianBlur stdDeviation="{sd}"/></filter>')


# Darkens the left ~55% so white headline text stays readable on top.
TEXT_SHADE = lin("shade", [(0, "#07110c", .62), (.38, "#07110c", .42), (.68, "#07110c", 0)], 0, 0, 1, 0)
SHADE_RECT = f'<rect width="{W}" height="{H}" fill="url(#shade)"/>'
# Soft top/bottom vignette keeps the frame edges calm.
VIGN = rad("vign", [(0, "#000", 0), (.65, "#000", 0), (1, "#000", .45)], .55, .5, .75)
VIGN_RECT = f'<rect width="{W}" height="{H}" fill="url(#vign)"/>'

PETAL_GRADS = (
    lin("pg0", [(0, "#a9455c", 1), (.55, "#dd8d9b", 1), (1, "#f6cfd3", 1)], 0, 1, 0, 0)
    + lin("pg1", [(0, "#c4687a", 1), (.6, "#eeb0b8", 1), (1, "#fbe3e1", 1)], 0, 1, 0, 0)
    + lin("pg2", [(0, "#8e3349", 1), (.6, "#c9677c", 1), (1, "#eaa2ad", 1)], 0, 1, 0, 0)
    + lin("pg3", [(0, "#d9a3a0", 1), (.6, "#f4dcd3", 1), (1, "#fdf4ea", 1)], 0, 1, 0, 0)
)


# --------------------------------------------------------------------------
# hero1: rose petals drifting through warm light (also the poster / LCP frame)
# --------------------------------------------------------------------------
def hero1_setup():
    r = random.Random(11)
    petals = []
    for i in range(26):
        z = r.uniform(.35, 1.55)
        petals.append(dict(
            o=(i / 26 + r.uniform(-.015, .015)) % 1,
            x0=r.uniform(-120, W - 80), y0=r.uniform(-80, H - 240),
            dist=r.uniform(330, 520) * (.6 + .4 * z),
            ang=math.radians(r.uniform(18, 40)),
            sway=r.uniform(18, 45), sph=r.uniform(0, TAU),
            rot0=r.uniform(0, 360), spin=r.uniform(-110, 110),
            tum=r.uniform(0, TAU), tk=r.choice([1, 1.5, 2]),
            z=z, g=r.choice([0, 0, 1, 1, 2, 3]),
        ))
    petals.sort(key=lambda d: d["z"])
    bokeh = [dict(x=r.uniform(450, W + 50), y=r.uniform(-40, H + 40), r=r.uniform(30, 110),
                  ax=r.uniform(10, 35), ay=r.uniform(8, 25), ph=r.uniform(0, TAU),
                  c=r.choice(["bkc", "bkr", "bkc"]), a=r.uniform(.35, .8)) for _ in range(16)]
    return petals, bokeh


def hero1(p, st):
    petals, bokeh = st
    defs = (lin("bg", [(0, "#102219", 1), (.42, "#213b2c", 1), (.78, "#5b4a47", 1), (1, "#8d6a66", 1)], 0, 0, 1, .35)
            + rad("glow", [(0, "#f7dccb", .55), (.5, "#e7b3a7", .18), (1, "#e7b3a7", 0)], .5, .5, .5)
            + rad("bkc", [(0, "#fbeee0", .10), (.82, "#fbeee0", .16), (1, "#fbeee0", 0)])
            + rad("bkr", [(0, "#f2b9bf", .10), (.82, "#f2b9bf", .17), (1, "#f2b9bf", 0)])
            + PETAL_GRADS + ROSE_GRADS + blur("b1", 1.2) + blur("b2", 3.5) + blur("b3", 7) + blur("sh", 6)
            + blur("b10", 9) + TEXT_SHADE + VIGN)
    gp = 1 + .04 * math.sin(TAU * p)
    body = [f'<rect width="{W}" height="{H}" fill="url(#bg)"/>',
            f'<ellipse cx="1010" cy="170" rx="{f(560*gp)}" ry="{f(430*gp)}" fill="url(#glow)"/>']
    for b in bokeh:
        x = b["x"] + b["ax"] * math.sin(TAU * p + b["ph"])
        y = b["y"] + b["ay"] * math.cos(TAU * p + b["ph"])
        a = b["a"] * (.75 + .25 * math.sin(TAU * p * 2 + b["ph"]))
        body.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(b["r"])}" fill="url(#{b["c"]})" opacity="{a:.2f}"/>')
    # Out-of-focus bloom in the lower right corner; it only breathes, so it loops.
    body.append(f'<g transform="translate(1130,640) scale({1 + .015*math.sin(TAU*p):.4f})" filter="url(#b10)" opacity=".85">'
                + bloom(250, 0, shadow=False) + "</g>")
    for d in petals:
        q = (p + d["o"]) % 1
        env = smooth_env(q)
        if env <= 0.01:
            continue
        s = d["dist"] * q
        x = d["x0"] + s * math.cos(d["ang"]) + d["sway"] * math.sin(TAU * q * 1.5 + d["sph"])
        y = d["y0"] + s * math.sin(d["ang"])
        rot = d["rot0"] + d["spin"] * q
        sx = .4 + .6 * math.cos(math.pi * q * d["tk"] + d["tum"]) ** 2
        z = d["z"]
        size = 34 * z
        if z < .6:
            flt, op = ' filter="url(#b1)"', .55
        elif z < 1.15:
            flt, op = "", .92
        elif z < 1.35:
            flt, op = ' filter="url(#b2)"', .85
        else:
            flt, op = ' filter="url(#b3)"', .75
        body.append(f'<g transform="translate({f(x)},{f(y)}) rotate({f(rot)}) scale({sx:.3f},1)" '
                    f'opacity="{op*env:.3f}"{flt}><path d="{petal_d(size*1.15, size)}" fill="url(#pg{d["g"]})"/>'
                    f'<path d="M0,{f(-size*.15)} Q{f(size*.12)},{f(-size*.6)} 0,{f(-size*.98)}" '
                    f'stroke="#fff" stroke-opacity=".18" stroke-width="{f(max(.8, size*.05))}" fill="none"/></g>')
    body += [SHADE_RECT, VIGN_RECT]
    return svg_doc(defs, "".join(body))


# --------------------------------------------------------------------------
# hero2: rose stems swaying inside a greenhouse at first light
# --------------------------------------------------------------------------
def quad_pt(p0, p1, p2, s):
    x = (1 - s) ** 2 * p0[0] + 2 * (1 - s) * s * p1[0] + s * s * p2[0]
    y = (1 - s) ** 2 * p0[1] + 2 * (1 - s) * s * p1[1] + s * s * p2[1]
    dx = 2 * (1 - s) * (p1[0] - p0[0]) + 2 * s * (p2[0] - p1[0])
    dy = 2 * (1 - s) * (p1[1] - p0[1]) + 2 * s * (p2[1] - p1[1])
    return x, y, math.degrees(math.atan2(dy, dx))


def stem_svg(bx, by, tx, ty, sway, width, color, bud_size, bud_fill, leaves, extra=""):
    p0, p2 = (bx, by), (tx + sway, ty)
    p1 = (bx + sway * .15, (by + ty) / 2)
    out = [f'<g{extra}><path d="M{f(bx)},{f(by)} Q{f(p1[0])},{f(p1[1])} {f(p2[0])},{f(p2[1])}" '
           f'stroke="{color}" stroke-width="{f(width)}" fill="none" stroke-linecap="round"/>']
    for s, side, ll in leaves:
        x, y, a = quad_pt(p0, p1, p2, s)
        out.append(f'<path transform="translate({f(x)},{f(y)}) rotate({f(a + side*55)})" d="{leaf_d(ll, ll*.32)}" fill="{color}"/>')
    if bud_size:
        x, y, a = quad_pt(p0, p1, p2, 1)
        out.append(f'<g transform="translate({f(x)},{f(y)}) rotate({f(a + 90)})">'
                   f'<path d="{bud_d(bud_size)}" fill="{bud_fill}"/>'
                   f'<path d="M{f(-bud_size*.5)},{f(-bud_size*.1)} Q{f(-bud_size*.1)},{f(-bud_size*.55)} {f(bud_size*.05)},{f(-bud_size*1.05)}" '
                   f'stroke="#f5c6cd" stroke-opacity=".35" stroke-width="1.2" fill="none"/>'
                   f'<path d="M0,2 L{f(-bud_size*.55)},{f(-bud_size*.35)} L{f(-bud_size*.15)},{f(-bud_size*.1)} '
                   f'L{f(bud_size*.5)},{f(-bud_size*.4)} Z" fill="{color}"/></g>')
    out.append("</g>")
    return "".join(out)


def hero2_setup():
    r = random.Random(22)
    fg = []
    for i in range(13):
        bx = 420 + i * 72 + r.uniform(-25, 25)
        fg.append(dict(bx=bx, tx=bx + r.uniform(-40, 40), ty=r.uniform(170, 380), amp=r.uniform(6, 16),
                       ph=r.uniform(0, TAU), w=r.uniform(3, 5), bud=r.uniform(18, 30),
                       leaves=[(r.uniform(.25, .75), r.choice([-1, 1]), r.uniform(30, 55)) for _ in range(r.randint(2, 4))],
                       blur=i % 4 == 0))
    mid = [dict(x=r.uniform(-20, W + 20), h=r.uniform(40, 95), amp=r.uniform(2, 5), ph=r.uniform(0, TAU))
           for _ in range(90)]
    mid.sort(key=lambda d: d["h"])
    motes = [dict(x=r.uniform(500, W), y=r.uniform(100, 650), o=r.random(), r=r.uniform(1.2, 3.2),
                  dx=r.uniform(-40, 40), dy=r.uniform(-90, -40)) for _ in range(40)]
    return fg, mid, motes


def hero2(p, st):
    fg, mid, motes = st
    defs = (lin("sky", [(0, "#142a21", 1), (.4, "#3e5647", 1), (.7, "#c9b39c", 1), (.84, "#efd4bd", 1), (1, "#e7c5b2", 1)])
            + lin("ground", [(0, "#26382b", 1), (1, "#0d1a13", 1)])
            + rad("sun", [(0, "#fff2dc", .95), (.3, "#f8d9bb", .5), (1, "#f2c8ae", 0)])
            + lin("ray", [(0, "#fff4e0", .0), (.3, "#fff4e0", .16), (1, "#fff4e0", 0)], 1, 0, 0, 1)
            + rad("mote", [(0, "#fff5e6", .9), (1, "#fff5e6", 0)])
            + blur("b2", 2.5) + blur("b4", 5) + TEXT_SHADE + VIGN)
    hz = 505
    body = [f'<rect width="{W}" height="{H}" fill="url(#sky)"/>']
    sp = 1 + .05 * math.sin(TAU * p)
    body.append(f'<ellipse cx="930" cy="{hz-25}" rx="{f(420*sp)}" ry="{f(300*sp)}" fill="url(#sun)"/>')
    # Greenhouse: a row of arched bays with thin frame lines, hazy in the backlight.
    gh = ['<g stroke="#2a4033" stroke-opacity=".55" fill="none" stroke-width="3">']
    bayw = 200
    for i in range(-1, 8):
        x0 = i * bayw - 40
        gh.append(f'<path d="M{x0},{hz-120} Q{x0+bayw/2},{hz-210} {x0+bayw},{hz-120}"/>')
        gh.append(f'<path d="M{x0},{hz-120} V{hz}" stroke-width="4"/>')
        for k in (1, 2, 3):
            xx = x0 + bayw * k / 4
            top = hz - 120 - 90 * (1 - (2 * k / 4 - 1) ** 2)
            gh.append(f'<path d="M{f(xx)},{f(top)} V{hz}" stroke-width="1.2" stroke-opacity=".35"/>')
    gh.append(f'<path d="M-50,{hz-120} H{W+50}" stroke-width="2.5"/><path d="M-50,{hz-60} H{W+50}" stroke-width="1.2" stroke-opacity=".35"/></g>')
    body.append("".join(gh))
    # Slow light rays that breathe with the loop.
    for k, (x, wdt) in enumerate(((1080, 150), (900, 90), (760, 130))):
        a = .55 + .45 * math.sin(TAU * p + k * 2.1)
        body.append(soft_ray(x, wdt, x - 420, wdt * 1.6 + 160, a))
    body.append(f'<rect y="{hz}" width="{W}" height="{H-hz}" fill="url(#ground)"/>')
    # Mid-ground rose beds: short stems with small buds.
    for d in mid:
        s = d["amp"] * math.sin(TAU * p + d["ph"])
        y0 = hz + 30 + d["h"] * .9
        body.append(stem_svg(d["x"], y0, d["x"], y0 - d["h"], s, 1.6, "#1b2c22", d["h"] * .11, "#a85468",
                             [(.55, 1, d["h"] * .25)]))
    for d in motes:
        q = (p + d["o"]) % 1
        a = smooth_env(q, .3)
        body.append(f'<circle cx="{f(d["x"] + d["dx"]*q)}" cy="{f(d["y"] + d["dy"]*q)}" r="{f(d["r"]*2)}" fill="url(#mote)" opacity="{a*.7:.2f}"/>')
    # Foreground stems: dark backlit silhouettes; a few out of focus for depth.
    for d in fg:
        s = d["amp"] * math.sin(TAU * p + d["ph"])
        extra = ' filter="url(#b4)"' if d["blur"] else ""
        body.append(stem_svg(d["bx"], H + 10, d["tx"], d["ty"], s, d["w"], "#0c1912", d["bud"], "#7d2d41",
                             d["leaves"], extra))
    body += [SHADE_RECT, VIGN_RECT]
    return svg_doc(defs, "".join(body))


# --------------------------------------------------------------------------
# hero3: water droplets on glass in front of a soft rose-garden bokeh
# --------------------------------------------------------------------------
def hero3_setup():
    r = random.Random(33)
    blobs = [dict(x=r.uniform(300, W + 100), y=r.uniform(-50, H + 50), r=r.uniform(160, 330),
                  c=r.choice(["blr", "blg", "blc", "blr", "blg"]), ax=r.uniform(30, 70), ay=r.uniform(20, 50),
                  ph=r.uniform(0, TAU), k=r.choice([1, -1])) for _ in range(11)]
    bok = [dict(x=r.uniform(380, W + 40), y=r.uniform(0, H + 60), r=r.uniform(14, 48), o=r.random(),
                rise=r.uniform(60, 160), c=r.choice(["bk1", "bk2"])) for _ in range(26)]
    drops = []
    while len(drops) < 46:
        x, y = r.uniform(380, W - 10), r.uniform(10, H - 10)
        rr = r.choice([r.uniform(3, 8), r.uniform(3, 8), r.uniform(8, 16), r.uniform(14, 26)])
        if any((x - d["x"]) ** 2 + (y - d["y"]) ** 2 < (rr + d["r"] + 6) ** 2 for d in drops):
            continue
        drops.append(dict(x=x, y=y, r=rr, ph=r.uniform(0, TAU), el=r.uniform(1.0, 1.18)))
    return blobs, bok, drops


def hero3(p, st):
    blobs, bok, drops = st
    defs = (lin("bg", [(0, "#0e1f18", 1), (.5, "#27413a", 1), (1, "#4d4146", 1)], 0, 0, 1, 1)
            + rad("blr", [(0, "#e59aa8", .55), (1, "#e59aa8", 0)])
            + rad("blg", [(0, "#7fae8d", .45), (1, "#7fae8d", 0)])
            + rad("blc", [(0, "#f6e6d2", .4), (1, "#f6e6d2", 0)])
            + rad("bk1", [(0, "#fde9e4", .07), (.8, "#fde9e4", .2), (.93, "#fde9e4", .26), (1, "#fde9e4", 0)])
            + rad("bk2", [(0, "#dff0dc", .06), (.8, "#dff0dc", .16), (.93, "#dff0dc", .22), (1, "#dff0dc", 0)])
            + rad("drop", [(0, "#eef6ee", .08), (.7, "#cfe2d6", .12), (.9, "#0b1712", .35), (1, "#0b1712", .0)], .5, .42, .55)
            + rad("dlow", [(0, "#fff6ee", .55), (1, "#fff6ee", 0)])
            + TEXT_SHADE + VIGN)
    body = [f'<rect width="{W}" height="{H}" fill="url(#bg)"/>']
    for b in blobs:
        x = b["x"] + b["ax"] * math.sin(TAU * p * b["k"] + b["ph"])
        y = b["y"] + b["ay"] * math.cos(TAU * p * b["k"] + b["ph"])
        body.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(b["r"])}" fill="url(#{b["c"]})"/>')
    for b in bok:
        q = (p + b["o"]) % 1
        a = smooth_env(q, .35)
        body.append(f'<circle cx="{f(b["x"])}" cy="{f(b["y"] - b["rise"]*q)}" r="{f(b["r"])}" fill="url(#{b["c"]})" opacity="{a:.2f}"/>')
    for d in drops:
        x, y, rr = d["x"], d["y"], d["r"]
        sh = .6 + .4 * math.sin(TAU * p + d["ph"])
        ry = rr * d["el"]
        body.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(rr)}" ry="{f(ry)}" fill="url(#drop)"/>'
                    f'<ellipse cx="{f(x)}" cy="{f(y + ry*.5)}" rx="{f(rr*.55)}" ry="{f(ry*.3)}" fill="url(#dlow)" opacity="{.5*sh:.2f}"/>'
                    f'<ellipse cx="{f(x - rr*.35)}" cy="{f(y - ry*.42)}" rx="{f(rr*.22)}" ry="{f(ry*.14)}" '
                    f'transform="rotate(-30 {f(x - rr*.35)} {f(y - ry*.42)})" fill="#fffaf4" opacity="{.45 + .35*sh:.2f}"/>')
    body += [SHADE_RECT, VIGN_RECT]
    return svg_doc(defs, "".join(body))


# --------------------------------------------------------------------------
# hero4: a field of roses at dawn, mist drifting over soft hills
# --------------------------------------------------------------------------
def hill_d(base, amps, y_off, ph):
    pts = []
    for i in range(0, 33):
        x = i * 40
        y = base + sum(a * math.sin(x * fr + ph0 + ph) for a, fr, ph0 in amps) + y_off
        pts.append(f"{x},{f(y)}")
    return f"M0,{H} L" + " L".join(pts) + f" L{W},{H}Z"


def hill_y(x, base, amps):
    return base + sum(a * math.sin(x * fr + ph0) for a, fr, ph0 in amps)


BLOOM_RINGS = (  # (petals, base offset, length, width, gradient, start angle, turn direction) as fractions of R
    (5, .22, .78, .8, 2, 0, 1), (5, .16, .68, .72, 2, 36, -1), (6, .1, .54, .56, 1, 15, 1),
    (5, .06, .42, .44, 1, 45, -1), (5, .03, .3, .31, 0, 10, 1), (4, 0, .18, .2, 0, 30, -1))


def bloom(R, p=0.0, grads=("r0", "r1", "r2"), edge=.4, shadow=True):
    """Open rose seen from above, centred at (0,0). Each ring turns one petal
    step (360/n degrees) per loop so it is identical at the loop seam."""
    out = []
    for n, off, l, wdt, g, a0, dr in BLOOM_RINGS:
        turn = a0 + dr * 360 / n * p
        if shadow:  # soft shade cast by this ring onto the petals below it
            out.append('<g filter="url(#sh)" fill="#2a0712" opacity=".45">' + "".join(
                f'<path transform="rotate({f(turn + i*360/n)}) translate(0,{f(-off*R)}) scale(1.07)" d="{round_petal_d(l*R, wdt*R)}"/>'
                for i in range(n)) + "</g>")
        for i in range(n):
            out.append(f'<g transform="rotate({f(turn + i*360/n)}) translate(0,{f(-off*R)})">'
                       f'<path d="{round_petal_d(l*R, wdt*R)}" fill="url(#{grads[g]})" stroke="#fde6e8" '
                       f'stroke-opacity="{edge}" stroke-width="{f(max(.8, R*.006))}"/>'
                       f'<path d="M0,{f(-l*R*.25)} Q{f(wdt*R*.08)},{f(-l*R*.6)} 0,{f(-l*R*.88)}" stroke="#fff" '
                       f'stroke-opacity=".1" stroke-width="{f(wdt*R*.1)}" fill="none" stroke-linecap="round"/></g>')
    # Tightly wrapped heart: three curled arcs, 3-fold symmetric, so a 120 degree turn per loop is seamless.
    turn = 30 - 120 * p
    out.append(f'<g transform="rotate({f(turn)})" fill="none" stroke="#4a0c1d" stroke-opacity=".55" stroke-linecap="round" '
               f'stroke-width="{f(max(.8, R*.012))}">')
    for k in range(3):
        rr = R * (.035 + .025 * k)
        out.append(f'<path transform="rotate({k*120})" d="M{f(rr)},0 A{f(rr)},{f(rr)} 0 0 1 {f(-rr*.6)},{f(rr*.8)}"/>')
    out.append(f'</g><circle r="{f(R*.03)}" fill="#5e1526"/>')
    return "".join(out)


ROSE_GRADS = (lin("r0", [(0, "#5e1429", 1), (.55, "#9e3450", 1), (1, "#df8196", 1)], 0, 1, 0, 0)
              + lin("r1", [(0, "#7a2038", 1), (.55, "#c25d75", 1), (1, "#f1b0bb", 1)], 0, 1, 0, 0)
              + lin("r2", [(0, "#8d2c45", 1), (.5, "#d27a8d", 1), (1, "#f8d3d8", 1)], 0, 1, 0, 0))


def hero4_setup():
    r = random.Random(44)
    hills = [
        (420, [(22, .004, 1.0), (10, .011, 2.0)], "#8b9c86"),
        (470, [(26, .0035, 3.0), (12, .009, .5)], "#5f7a63"),
        (545, [(30, .003, 5.0), (14, .008, 1.3)], "#35503c"),
    ]
    dots = []
    for hi, (base, amps, _) in enumerate(hills[1:], 1):
        for _ in range(260 if hi == 1 else 420):
            x = r.uniform(-10, W + 10)
            y0 = hill_y(x, base, amps)
            depth = r.random() ** 1.6
            y = y0 + 8 + depth * (H - y0) * (.35 if hi == 1 else 1.0)
            if hi == 1 and y > hill_y(x, hills[2][0], hills[2][1]):
                continue
            sz = .8 + (y - 380) / 340 * 7
            dots.append(dict(x=x, y=y, s=sz, c=r.choice(["#e7a3ae", "#d97f91", "#c55f75", "#e7a3ae", "#f3d2d3", "#b9576d"]),
                             ph=r.uniform(0, TAU)))
            if r.random() < .5:  # foliage tufts between the blooms break up the pattern
                dots.append(dict(x=x + r.uniform(-12, 12), y=y + r.uniform(1, 6), s=sz * 1.5, ph=r.uniform(0, TAU),
                                 c="#1c3023", a=.28))
    dots.sort(key=lambda d: d["y"])
    mist = [dict(x=r.uniform(200, W), y=r.uniform(430, 560), rx=r.uniform(220, 420), ry=r.uniform(22, 45),
                 ax=r.uniform(30, 80), ph=r.uniform(0, TAU)) for _ in range(7)]
    fg = [dict(bx=x, tx=x + r.uniform(-30, 30), ty=r.uniform(470, 610), amp=r.uniform(5, 12), ph=r.uniform(0, TAU),
               bud=r.uniform(16, 26), leaves=[(r.uniform(.3, .7), r.choice([-1, 1]), r.uniform(25, 45))])
          for x in (640, 760, 905, 1000, 1120, 1190, 1255)]
    return hills, dots, mist, fg


def hero4(p, st):
    hills, dots, mist, fg = st
    defs = (lin("sky", [(0, "#1b3026", 1), (.32, "#566a58", 1), (.52, "#d9bca4", 1), (.62, "#f5dcc6", 1), (1, "#f0cdb8", 1)])
            + rad("sun", [(0, "#fff6e4", 1), (.18, "#fde7cc", .8), (.55, "#f6d0b4", .25), (1, "#f6d0b4", 0)])
            + rad("mist", [(0, "#fbeee2", .35), (1, "#fbeee2", 0)])
            + lin("haze", [(0, "#f3dccb", .0), (1, "#0f1d15", .55)])
            + blur("b3", 2.5) + TEXT_SHADE + VIGN)
    sp = 1 + .04 * math.sin(TAU * p)
    body = [f'<rect width="{W}" height="{H}" fill="url(#sky)"/>',
            f'<ellipse cx="900" cy="400" rx="{f(460*sp)}" ry="{f(330*sp)}" fill="url(#sun)"/>']
    for i, (base, amps, col) in enumerate(hills):
        body.append(f'<path d="{hill_d(base, amps, 0, 0)}" fill="{col}"/>')
        if i == 0:
            for m in mist[:3]:
                body.append(f'<ellipse cx="{f(m["x"] + m["ax"]*math.sin(TAU*p + m["ph"]))}" cy="{f(m["y"]-40)}" '
                            f'rx="{f(m["rx"])}" ry="{f(m["ry"])}" fill="url(#mist)"/>')
    for d in dots:
        dx = d["s"] * .25 * math.sin(TAU * p + d["ph"])
        body.append(f'<ellipse cx="{f(d["x"] + dx)}" cy="{f(d["y"])}" rx="{f(d["s"])}" ry="{f(d["s"]*.7)}" fill="{d["c"]}" '
                    f'opacity="{d.get("a", min(1, .45 + d["s"]/10)):.2f}"/>')
    for m in mist[3:]:
        body.append(f'<ellipse cx="{f(m["x"] + m["ax"]*math.sin(TAU*p + m["ph"]))}" cy="{f(m["y"])}" '
                    f'rx="{f(m["rx"])}" ry="{f(m["ry"])}" fill="url(#mist)"/>')
    body.append(f'<rect y="430" width="{W}" height="{H-430}" fill="url(#haze)"/>')
    for d in fg:
        sw = d["amp"] * math.sin(TAU * p + d["ph"])
        body.append(stem_svg(d["bx"], H + 10, d["tx"], d["ty"], sw, 5, "#112018", d["bud"] * 1.3, "#b04a64",
                             d["leaves"], ' filter="url(#b3)"'))
    body += [SHADE_RECT, VIGN_RECT]
    return svg_doc(defs, "".join(body))


# --------------------------------------------------------------------------
# hero5: a rose bloom slowly turning, each ring by one petal step per loop
# --------------------------------------------------------------------------
def hero5_setup():
    r = random.Random(55)
    bok = [dict(x=r.uniform(480, W + 40), y=r.uniform(-30, H + 30), r=r.uniform(25, 90), ph=r.uniform(0, TAU),
                ax=r.uniform(8, 25)) for _ in range(14)]
    petals = [dict(o=i / 7 + r.uniform(0, .05), x0=r.uniform(480, 1100), y0=r.uniform(-40, 380),
                   rot0=r.uniform(0, 360), spin=r.uniform(-80, 80), s=r.uniform(14, 24), g=r.choice([0, 1, 2]))
              for i in range(7)]
    return bok, petals


def hero5(p, st, cx=900, shade=True):
    bok, petals = st
    cy, R = 365, 235
    defs = (rad("bg", [(0, "#4a2c34", 1), (.45, "#26231f", 1), (1, "#0d1711", 1)], f"{cx / W:.3f}", .5, .75)
            + rad("bk", [(0, "#f8d9d8", .06), (.85, "#f8d9d8", .14), (1, "#f8d9d8", 0)])
            + ROSE_GRADS + blur("sh", 6)
            + lin("lf", [(0, "#1f3a29", 1), (1, "#3f6a4c", 1)], 0, 0, 1, 0)
            + rad("halo", [(0, "#f3c0c4", .28), (1, "#f3c0c4", 0)])
            + PETAL_GRADS + blur("b2", 2) + blur("b5", 5) + TEXT_SHADE + VIGN)
    body = [f'<rect width="{W}" height="{H}" fill="url(#bg)"/>']
    for b in bok:
        body.append(f'<circle cx="{f(b["x"] + b["ax"]*math.sin(TAU*p + b["ph"]))}" cy="{f(b["y"])}" r="{f(b["r"])}" '
                    f'fill="url(#bk)" opacity="{.6 + .4*math.sin(TAU*p*2 + b["ph"]):.2f}"/>')
    body.append(f'<circle cx="{cx}" cy="{cy}" r="{R*1.5}" fill="url(#halo)"/>')
    for d in petals:
        q = (p + d["o"]) % 1
        env = smooth_env(q)
        x, y = d["x0"] + 220 * q, d["y0"] + 300 * q
        body.append(f'<g transform="translate({f(x)},{f(y)}) rotate({f(d["rot0"] + d["spin"]*q)})" opacity="{.85*env:.2f}" '
                    f'filter="url(#b2)"><path d="{petal_d(d["s"]*1.15, d["s"])}" fill="url(#pg{d["g"]})"/></g>')
    # Leaves behind the bloom, swaying a few degrees.
    for a0, l, ph in ((200, 300, 0), (-20, 270, 2), (120, 230, 4)):
        a = a0 + 4 * math.sin(TAU * p + ph)
        body.append(f'<g transform="translate({cx},{cy}) rotate({f(a)})" filter="url(#b2)"><path d="{leaf_d(l, l*.3)}" fill="url(#lf)"/>'
                    f'<path d="M10,0 L{l-20},0" stroke="#5d8a68" stroke-opacity=".5" stroke-width="2"/></g>')
    breathe = 1 + .018 * math.sin(TAU * p)
    body.append(f'<g transform="translate({cx},{cy}) scale({breathe:.4f})">' + bloom(R, p) + "</g>")
    body += [SHADE_RECT, VIGN_RECT] if shade else [VIGN_RECT]
    return svg_doc(defs, "".join(body))


def og(p, st):
    """Link-preview image: the hero5 bloom centred, without the text shade."""
    return hero5(p, st, cx=700, shade=False)


# --------------------------------------------------------------------------
# aqua: clean water flowing, light from the surface, bubbles rising
# --------------------------------------------------------------------------
def aqua_setup():
    r = random.Random(66)
    bubbles = [dict(x=r.uniform(40, W - 40), o=r.random(), r=r.choice([r.uniform(3, 7), r.uniform(3, 7), r.uniform(7, 16)]),
                    wob=r.uniform(6, 22), ph=r.uniform(0, TAU), k=r.choice([1, 1, 2])) for _ in range(48)]
    bands = [dict(y=150 + i * 120, amp=r.uniform(14, 30), fr=r.uniform(.004, .008), k=r.choice([1, -1]) * (1 + i % 2),
                  ph=r.uniform(0, TAU), a=r.uniform(.05, .1)) for i in range(5)]
    return bubbles, bands


def aqua(p, st):
    bubbles, bands = st
    defs = (lin("bg", [(0, "#5fb8b3", 1), (.25, "#2b8d90", 1), (.65, "#11606a", 1), (1, "#093c48", 1)])
            + lin("ray", [(0, "#e8fffb", .22), (1, "#e8fffb", 0)])
            + lin("band", [(0, "#d6fff6", .0), (.5, "#d6fff6", 1), (1, "#d6fff6", 0)])
            + rad("bub", [(0, "#ffffff", .04), (.75, "#e6fffb", .1), (.92, "#ffffff", .55), (1, "#ffffff", 0)])
            + blur("b3", 3) + blur("b8", 8))
    body = [f'<rect width="{W}" height="{H}" fill="url(#bg)"/>']
    for k, (x, wdt) in enumerate(((180, 120), (420, 70), (640, 150), (930, 90), (1120, 130))):
        a = .5 + .5 * math.sin(TAU * p + k * 1.7)
        sway = 30 * math.sin(TAU * p + k)
        body.append(soft_ray(x, wdt, x - 60 + sway, wdt + 200, a))
    # Surface shimmer: wavy lines whose phase advances a whole cycle per loop.
    for i in range(4):
        pts = " L".join(f"{x},{f(18 + i*16 + 6*math.sin(x*.012 + TAU*p*(1 + i % 2) + i))}" for x in range(0, W + 41, 40))
        body.append(f'<path d="M{pts}" stroke="#effffc" stroke-opacity="{.35 - i*.07:.2f}" stroke-width="3" fill="none" filter="url(#b3)"/>')
    # Flowing current: soft ribbons travelling sideways (integer cycles per loop).
    for b in bands:
        top = []
        bot = []
        for x in range(-40, W + 81, 40):
            ph = x * b["fr"] + TAU * p * b["k"] + b["ph"]
            yc = b["y"] + b["amp"] * math.sin(ph)
            th = 26 + 12 * math.sin(ph * .5 * 2 + 1)
            top.append(f"{x},{f(yc - th)}")
            bot.append(f"{x},{f(yc + th)}")
        d = "M" + " L".join(top) + " L" + " L".join(reversed(bot)) + "Z"
        body.append(f'<path d="{d}" fill="#d6fff6" opacity="{b["a"]:.3f}" filter="url(#b8)"/>')
    for bb in bubbles:
        q = (p * bb["k"] + bb["o"]) % 1
        y = H + 30 - (H + 60) * q
        x = bb["x"] + bb["wob"] * math.sin(TAU * q * 3 + bb["ph"])
        rr = bb["r"] * (1 + .15 * (1 - q))
        body.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(rr)}" fill="url(#bub)"/>'
                    f'<circle cx="{f(x - rr*.35)}" cy="{f(y - rr*.35)}" r="{f(rr*.22)}" fill="#fff" opacity=".7"/>')
    return svg_doc(defs, "".join(body))


SCENES = {
    "hero1": (hero1_setup, hero1), "hero2": (hero2_setup, hero2), "hero3": (hero3_setup, hero3),
    "hero4": (hero4_setup, hero4), "hero5": (hero5_setup, hero5), "aqua": (aqua_setup, aqua),
    "og": (hero5_setup, og),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scene", choices=SCENES)
    ap.add_argument("out")
    ap.add_argument("--frames", type=int, default=192)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--only", type=int, nargs="*", help="render just these frame numbers (for previews)")
    a = ap.parse_args()
    ow, oh = a.size.split("x")
    os.makedirs(a.out, exist_ok=True)
    setup, draw = SCENES[a.scene]
    st = setup()
    idx = a.only if a.only else range(a.frames)

    def job(i):
        svg = os.path.join(a.out, f"f{i:04d}.svg")
        with open(svg, "w") as fh:
            fh.write(draw(i / a.frames, st))
        k = int(ow) / W
        subprocess.run(["rsvg-convert", "-z", f"{k:.6f}", f"--left={-PAD*k:.3f}", f"--top={-PAD*k:.3f}",
                        "--page-width", ow, "--page-height", oh, "-b", "black", "-o", svg[:-4] + ".png", svg], check=True)
        os.remove(svg)

    # Two workers: the build machine has two cores.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        list(ex.map(job, idx))


if __name__ == "__main__":
    main()
