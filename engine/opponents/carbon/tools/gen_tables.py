#!/usr/bin/env python3
"""Regenerate Carbon's STATUS1[256][256] and CONFIG[256][256] tables from their meaning.

Index a = pattern of the player's own stones, b = pattern of opponent stones / board edge,
around an (empty, for STATUS1; own-stone, for CONFIG) centre square along one line.
Bits: 8,4,2,1 = 1..4 squares to the left, 16,32,64,128 = 1..4 squares to the right
(see AICarbon::start / _move). A square whose bit is set in b is blocked (opponent stone
or edge, edges are set in both a and b); a square set only in a holds an own stone.
"""
import sys, re
POS = {8:-1, 4:-2, 2:-3, 1:-4, 16:1, 32:2, 64:3, 128:4}

def windows(a, b):
    """yield, for every 5-square window through the centre that contains no blocked
    square, the number of own stones in it other than the centre"""
    own = set(); blk = set()
    for bit, p in POS.items():
        if b & bit: blk.add(p)
        elif a & bit: own.add(p)
    for s in range(-4, 1):
        cells = range(s, s + 5)
        if any(c in blk for c in cells): continue
        yield sum(1 for c in cells if c in own)

def status1(a, b):
    """status of playing the centre, defined recursively on the line (-4..+4):
    9 five; 8 open four (two different squares complete five); 7 four (one square);
    6/5 a square exists that makes an 8/7; 4/3 a square makes a 6/5; 2/1 a square makes a 4/3."""
    own = 0; blk = 0
    for bit, p in POS.items():
        if b & bit: blk |= 1 << (p + 4)
        elif a & bit: own |= 1 << (p + 4)
    return _line(own | 1 << 4, blk)

_memo = {}
def _line(own, blk):
    key = (own, blk)
    if key in _memo: return _memo[key]
    wins = set(); five = False
    for s in range(0, 5):
        cells = [s + i for i in range(5)]
        if any(blk >> c & 1 for c in cells): continue
        empty = [c for c in cells if not own >> c & 1]
        if not empty: five = True
        elif len(empty) == 1: wins.add(empty[0])
    if five: r = 9
    elif len(wins) >= 2: r = 8
    elif len(wins) == 1: r = 7
    else:
        best = set()
        for c in range(9):
            if (own | blk) >> c & 1: continue
            best.add(_line(own | 1 << c, blk))
        r = 0
        if 8 in best: r = 6
        elif 7 in best: r = 5
        elif 6 in best: r = 4
        elif 5 in best: r = 3
        elif 4 in best: r = 2
        elif 3 in best: r = 1
    _memo[key] = r
    return r

# --- PRIOR3.CPP (_PRIOR) ----------------------------------------------------
# _PRIOR[a][b] is 15 when playing the centre gives at least an open three (status1 >= 6),
# otherwise the sum over free windows of the other own stones in them, or 0 if that sum
# is below 4.  Entries of the upstream table that do not follow this rule are listed in
# PRIOR_EXCEPTIONS (values read from the upstream file).
PRIOR_EXCEPTIONS = {(64, 129): 15, (65, 129): 15, (192, 129): 15, (193, 129): 15}
# entries where the rule above gives 15 but the upstream table holds the window sum
PRIOR_NOT15 = {
    (41, 64), (41, 192), (74, 1), (74, 129), (75, 1), (75, 129),
    (82, 128), (82, 129), (83, 129), (105, 64), (105, 192),
    (148, 2), (148, 3), (149, 2), (149, 3), (150, 2), (150, 3), (151, 2), (151, 3),
    (169, 64), (169, 192), (202, 129), (203, 129), (210, 128), (210, 129), (211, 129),
    (233, 64), (233, 192),
}

def prior_rule(a, b):
    if status1(a, b) >= 6 and (a, b) not in PRIOR_NOT15: return 15
    v = sum(windows(a, b))
    return v if v >= 4 else 0

def prior(a, b):
    if (a, b) in PRIOR_EXCEPTIONS: return PRIOR_EXCEPTIONS[(a, b)]
    return prior_rule(a, b)

def count5_rows(path):
    txt = open(path).read()
    return [tuple(int(v) for v in r.split(',')) for r in re.findall(r'\{(\d[^{}]*)\}', txt)]

def config(a, b, rows):
    n = [0] * 5
    for k in windows(a, b): n[k] += 1
    return rows.index(tuple(n))

def emit(head, f, tail):
    out = [head]
    for a in range(256):
        out.append('{' + ', '.join(str(f(a, b)) for b in range(256)) + '}' + (',' if a < 255 else ''))
    return '\n'.join(out) + tail

if __name__ == '__main__':
    what = sys.argv[1]
    if what == 'STATUS1':
        # layout of the upstream file: last row, newline, '};', newline
        sys.stdout.write(emit('const char STATUS1[256][256] = {', status1, '\n};\n'))
    elif what == 'PRIOR3':
        sys.stdout.write(emit('const short _PRIOR[256][256] = {', prior, '\n};\n'))
    elif what == 'CONFIG':
        rows = count5_rows(sys.argv[2])
        assert len(rows) == 107 and len(set(rows)) == 107, 'COUNT5 rows not unique'
        # layout of the upstream file: '}};', newline, empty line
        sys.stdout.write(emit('const char CONFIG[ 256 ][ 256 ] = {', lambda a, b: config(a, b, rows), '};\n\n'))
