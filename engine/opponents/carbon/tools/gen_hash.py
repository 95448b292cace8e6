# Regenerates hashValA.cpp / hashValB.cpp / hashValC.cpp (4096 random ULONGs each).
# The upstream files (gomoku/Carbon-Gomoku) hold 4096 random numbers below 10^8 each;
# they were not transcribed; any random values < 2*10^9 serve the same purpose
# (Zobrist-style additive hashing, see AICarbonHash.h).  Fixed seeds -> reproducible.
import random, sys
name = sys.argv[1]
rng = random.Random({'hashValA': 1, 'hashValB': 2, 'hashValC': 3}[name])
vals = [rng.randrange(100000000) for _ in range(4096)]
out = ['// regenerated (not the upstream numbers), see tools/gen_hash.py',
       '#include "OXTypes.h"', '', 'const ULONG %s[4096] = {' % name]
for i in range(0, 4096, 32):
    out.append(', '.join(str(v) for v in vals[i:i+32]) + ',')
out.append('};')
sys.stdout.write('\n'.join(out) + '\n')
