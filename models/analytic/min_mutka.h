// SPDX-License-Identifier: Apache-2.0
// The DRB thesis' analytical collision primitive (its Appendix A, after Min and Mutka): two channels that
// meet at one link, channel k releasing a message after an exponential compute time of mean MI_k and
// holding the link TD_k cycles; the mean contention delay E[C_k] of each. The printed formulas carry
// misprints and are not self-consistent; both readings are here (docs/analytic.md):
// - AsPrinted: the formulas as printed, with only the case list's T2-against-TD1 fix. Asymmetric for
//   symmetric inputs, and E[C] does not vanish at light load.
// - Corrected: E[N] counts P1's short cycles with E[T1 | T1 < TD2], and case 4 is symmetric; symmetric,
//   and E[C] -> 0 as the intervals grow.
// And a Monte Carlo of sources sharing one link (independent of the formulas), the reference they are
// checked against. Pure functions: no I/O.
#pragma once
#include <cstdint>
#include <vector>

namespace drb {

enum class MinMutkaReading { AsPrinted, Corrected };

struct Contention {
  double c1 = 0, c2 = 0;  // mean contention delay of channel 1 and of channel 2, cycles
};

// For T exponential with mean `mean`: P{T < k}, E[T | T < k] and E[T | T >= k] (Appendix A.8).
double exp_below_probability(double mean, double k);
double exp_mean_below(double mean, double k);
double exp_mean_above(double mean, double k);

// E[C_1], E[C_2] by total expectation over the four cases of (T1 < TD2, T2 < TD1) (Eq. 3A.1).
Contention min_mutka(double mi1, double td1, double mi2, double td2, MinMutkaReading reading);

// Sources sharing one link first come, first served, source k holding it td[k] per message; the mean wait
// for the link of each source over `messages` messages per source. Closed (Min and Mutka's sources): each
// alternates an exponential compute time of mean mi[k] and its message. Open (the simulator's sources):
// messages are generated mi[k] apart on average (exponential) whatever the link does, and wait in order at
// their source, so the wait includes the queue behind the source's own earlier messages.
enum class SourceKind { Closed, Open };
std::vector<double> shared_link_contention(const std::vector<double>& mi, const std::vector<double>& td, SourceKind kind,
                                           int64_t messages, uint64_t seed);
inline Contention two_source_contention(double mi1, double td1, double mi2, double td2, int64_t messages, uint64_t seed) {
  const auto w = shared_link_contention({mi1, mi2}, {td1, td2}, SourceKind::Closed, messages, seed);
  return {w[0], w[1]};
}

}  // namespace drb
