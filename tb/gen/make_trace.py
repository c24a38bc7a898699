#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a message trace (traffic.pattern=trace, format in docs/traffic.md) from a synthetic pattern.

usage: make_trace.py --nodes N [--pattern uniform] [--rate 0.1] [--length 10] [--cycles 10000]
                     [--replies L] [--seed 1] > FILE

Every node offers --rate flits per cycle as messages of --length flits (Bernoulli per cycle) to the pattern's
destination: uniform (source excluded), bitcomp, bitrev, shuffle, transpose (power-of-two node counts; a
node the permutation maps to itself does not send) or hotspot (every node to node 0, node 0 uniform). With
--replies L each message is a request followed by a reply of L flits from its destination, which waits for
the request's delivery (the dependency field). Same arguments, same file.
"""
import argparse
import random
import sys


def permutation(name, n):
    bits = max(1, (n - 1).bit_length())
    if name == "bitcomp":
        return lambda x: ~x & (n - 1)
    if name == "bitrev":
        return lambda x: int(format(x, f"0{bits}b")[::-1], 2)
    if name == "shuffle":
        return lambda x: ((x << 1) | (x >> (bits - 1))) & (n - 1)
    if name == "transpose":
        h = bits // 2
        return lambda x: ((x & ((1 << h) - 1)) << h) | (x >> h)
    raise ValueError(name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, required=True)
    ap.add_argument("--pattern", default="uniform", choices=["uniform", "bitcomp", "bitrev", "shuffle", "transpose", "hotspot"])
    ap.add_argument("--rate", type=float, default=0.1)
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--cycles", type=int, default=10000)
    ap.add_argument("--replies", type=int, default=0, help="reply length in flits (0: no replies)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    n = a.nodes
    if n < 2 or not 1 <= a.length <= 4096 or not 0 <= a.replies <= 4096 or not 0 < a.rate / a.length <= 1:
        sys.exit("make_trace.py: --nodes >= 2, lengths 1..4096 and 0 < rate/length <= 1")
    if a.pattern in ("bitcomp", "bitrev", "shuffle", "transpose") and n & (n - 1):
        sys.exit(f"make_trace.py: {a.pattern} needs a power-of-two node count")
    if a.pattern == "transpose" and (n.bit_length() - 1) % 2:
        sys.exit("make_trace.py: transpose needs an even number of address bits")
    rng = random.Random(a.seed)
    perm = permutation(a.pattern, n) if a.pattern not in ("uniform", "hotspot") else None
    p = a.rate / a.length
    out = sys.stdout
    out.write(f"# make_trace.py --nodes {n} --pattern {a.pattern} --rate {a.rate} --length {a.length} "
              f"--cycles {a.cycles} --replies {a.replies} --seed {a.seed}\n# cycle source destination length [dependency]\n")
    ident = 0
    for t in range(a.cycles):
        for s in range(n):
            if rng.random() >= p:
                continue
            if perm:
                d = perm(s)
            elif a.pattern == "hotspot" and s != 0:
                d = 0
            else:
                d = rng.randrange(n - 1)
                d += d >= s
            if d == s:
                continue
            out.write(f"{t} {s} {d} {a.length}\n")
            ident += 1
            if a.replies:
                out.write(f"{t} {d} {s} {a.replies} {ident - 1}\n")
                ident += 1


if __name__ == "__main__":
    main()
