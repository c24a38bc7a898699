// SPDX-License-Identifier: Apache-2.0
#include "models/analytic/min_mutka.h"

#include <algorithm>
#include <cmath>

#include "models/util/rng.h"

namespace drb {

double exp_below_probability(double mean, double k) { return -std::expm1(-k / mean); }

double exp_mean_below(double mean, double k) {
  const double p = exp_below_probability(mean, k);
  return (mean - (k + mean) * std::exp(-k / mean)) / p;
}

double exp_mean_above(double mean, double k) { return k + mean; }  // memoryless

namespace {

// Case 2 (T1 < TD2, T2 >= TD1): P2's message finds the link free (a) or held by P1 (b); E[N] P1 messages
// per P2 cycle share the delay. Case 3 is this one with the channels swapped.
Contention case_short_long(double mi1, double td1, double mi2, double td2, MinMutkaReading reading) {
  const double t1_short = exp_mean_below(mi1, td2), t1_long = exp_mean_above(mi1, td2);
  const double t2_long = exp_mean_above(mi2, td1);
  const double per = td1 + (reading == MinMutkaReading::AsPrinted ? t1_long : t1_short);
  const double n = std::max(1.0, std::ceil((td2 + t2_long) / per));
  const double pa = t1_short / (td1 + t1_short), pb = 1 - pa;
  const double c1a = (td2 - 0.5 * t1_short) / n, c1b = (td2 - t1_short) / n;
  return {pa * c1a + pb * c1b, pb * 0.5 * td1};
}

}  // namespace

Contention min_mutka(double mi1, double td1, double mi2, double td2, MinMutkaReading reading) {
  const double p1 = exp_below_probability(mi1, td2), p2 = exp_below_probability(mi2, td1);
  const double prob[4] = {p1 * p2, p1 * (1 - p2), (1 - p1) * p2, (1 - p1) * (1 - p2)};
  Contention c[4];
  c[0] = {td2 - exp_mean_below(mi1, td2), td1 - exp_mean_below(mi2, td1)};
  c[1] = case_short_long(mi1, td1, mi2, td2, reading);
  const Contention swapped = case_short_long(mi2, td2, mi1, td1, reading);
  c[2] = {swapped.c2, swapped.c1};
  if (reading == MinMutkaReading::AsPrinted) {
    const double t1_short = exp_mean_below(mi1, td2);
    const double pb = 1 - t1_short / (td1 + t1_short);
    c[3] = {pb * td1 / 2, td1 / (td1 + exp_mean_above(mi1, td2)) * td2 / 2};
  } else {
    c[3] = {td2 / (td2 + exp_mean_above(mi2, td1)) * td2 / 2, td1 / (td1 + exp_mean_above(mi1, td2)) * td1 / 2};
  }
  Contention e;
  for (int i = 0; i < 4; ++i) {
    e.c1 += prob[i] * c[i].c1;
    e.c2 += prob[i] * c[i].c2;
  }
  return e;
}

std::vector<double> shared_link_contention(const std::vector<double>& mi, const std::vector<double>& td, SourceKind kind,
                                           int64_t messages, uint64_t seed) {
  const size_t n = mi.size();
  std::vector<Rng> rng;
  std::vector<double> request(n), born(n), wait(n, 0);  // when each source's next message asks; when made
  std::vector<int64_t> sent(n, 0);
  for (size_t k = 0; k < n; ++k) {
    rng.push_back(Rng::stream(seed, k + 1));
    request[k] = born[k] = rng[k].exponential(mi[k]);
  }
  double link_free = 0;
  auto short_of = [&] {
    for (size_t k = 0; k < n; ++k)
      if (sent[k] < messages) return true;
    return false;
  };
  while (short_of()) {
    // The earliest request is served first. A source that has sent its share keeps sending (the others
    // still see it) but is no longer counted.
    const size_t k = static_cast<size_t>(std::min_element(request.begin(), request.end()) - request.begin());
    const double start = std::max(request[k], link_free);
    if (sent[k] < messages) wait[k] += start - born[k], ++sent[k];
    link_free = start + td[k];
    // Open: the next message is made mi after this one and asks once this one has left.
    born[k] = (kind == SourceKind::Closed ? link_free : born[k]) + rng[k].exponential(mi[k]);
    request[k] = std::max(born[k], link_free);
  }
  for (double& w : wait) w /= static_cast<double>(messages);
  return wait;
}

}  // namespace drb
