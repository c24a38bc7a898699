#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Head-of-line blocking of one saturated FIFO crossbar: an independent model beside docs/results/hybrid's
crossbar-hybrid grid (radix against dimensions).

usage: hol_crossbar.py [--ports 2 4 8 16 64] [--cells N] [--seed S]

Every input always has a cell at the head of its queue, with a destination drawn uniformly among the N outputs;
each cycle every output takes one of the heads addressed to it, chosen at random, and the winners' inputs draw
a new head. Prints the throughput per input. Karol, Hluchyj and Morgan (1987) give 0.75 for 2 ports, 0.655 for
4, 0.618 for 8 and 2 - sqrt(2) = 0.586 as the ports grow.
"""
import argparse
import random


def throughput(ports, cycles, seed):
    rng = random.Random(seed)
    head = [rng.randrange(ports) for _ in range(ports)]
    sent = 0
    for _ in range(cycles):
        by_out = {}
        for i, d in enumerate(head):
            by_out.setdefault(d, []).append(i)
        for waiting in by_out.values():
            head[rng.choice(waiting)] = rng.randrange(ports)
            sent += 1
    return sent / (ports * cycles)


def bounded(lo, hi):
    """An argparse type: an integer in [lo, hi] (a bad value is one line and exit 2, before anything runs)."""
    def check(v):
        try:
            x = int(v)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{v!r} is not an integer") from None
        if not lo <= x <= hi:
            raise argparse.ArgumentTypeError(f"{x} is outside [{lo}, {hi}]")
        return x
    return check


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ports", type=bounded(1, 4096), nargs="+", default=[2, 4, 8, 16, 64])
    ap.add_argument("--cells", type=bounded(1, 10**8), default=2_000_000, help="input-cycles per point: cycles = cells / ports")
    ap.add_argument("--seed", type=bounded(0, 2**63 - 1), default=1)
    a = ap.parse_args()
    for n in a.ports:
        print(f"{n:4d} ports: {throughput(n, max(1, a.cells // n), a.seed):.4f}")


if __name__ == "__main__":
    main()
