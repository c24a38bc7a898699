// SPDX-License-Identifier: Apache-2.0
#include "models/packet/header.h"

#include <stdexcept>

namespace drb {

bool Header::operator==(const Header& o) const {
  return dest == o.dest && more == o.more && origin == o.origin && d1_valid == o.d1_valid && d1 == o.d1 &&
         d2_valid == o.d2_valid && d2 == o.d2 && final_dest == o.final_dest && latency == o.latency &&
         early_sent == o.early_sent && step == o.step && dateline == o.dateline && tie == o.tie && seq == o.seq &&
         tclass == o.tclass && ack_kind == o.ack_kind && length == o.length;
}

Header make_data_header(uint32_t origin, uint32_t final_dest, const uint32_t* intermediates, int n, uint32_t seq,
                        uint16_t length) {
  if (n < 0 || n > kStackDepth - 1) throw std::invalid_argument("at most two intermediate destinations");
  Header h;
  int i = 0;
  for (; i < n; ++i) {
    h.dest[i] = intermediates[i];
    h.more[i] = true;
  }
  h.dest[i] = final_dest;
  h.more[i] = false;
  h.origin = origin;
  h.final_dest = final_dest;
  if (n > 0) {
    h.d1_valid = true;
    h.d1 = intermediates[0];
  }
  if (n > 1) {
    h.d2_valid = true;
    h.d2 = intermediates[1];
  }
  h.seq = seq;
  h.length = length;
  return h;
}

int bits_for(uint64_t values) {
  int b = 1;
  while (b < 64 && (uint64_t{1} << b) < values) ++b;
  return b;
}

const char* HeaderLayout::name(Field f) {
  static const char* names[] = {"dest0_more", "dest0", "dest1_more", "dest1", "dest2_more", "dest2",
                                "ack_origin", "ack_d1_valid", "ack_d1", "ack_d2_valid", "ack_d2", "ack_final",
                                "latency", "early_sent", "step", "dateline", "tie", "seq", "tclass", "ack_kind",
                                "length"};
  return names[static_cast<int>(f)];
}

HeaderLayout::HeaderLayout(const LayoutParams& p) {
  if (p.nodes < 2) throw std::invalid_argument("layout needs at least 2 nodes");
  // The C++ header holds the dateline in 16 bits and the latency and sequence number in 32.
  if (p.dims > 16) throw std::invalid_argument("layout: at most 16 routing dimensions (dateline bits)");
  if (p.latency_bits < 1 || p.latency_bits > 32) throw std::invalid_argument("layout: latency field of 1..32 bits");
  if (p.seq_bits < 1 || p.seq_bits > 32) throw std::invalid_argument("layout: sequence field of 1..32 bits");
  if (p.max_length < 1 || p.max_length > 65535) throw std::invalid_argument("layout: packet length of 1..65535 flits");
  const int nb = bits_for(static_cast<uint64_t>(p.nodes));
  auto set = [&](Field f, int w) { width_[static_cast<int>(f)] = w; };
  set(Field::Dest0More, 1); set(Field::Dest0, nb);
  set(Field::Dest1More, 1); set(Field::Dest1, nb);
  set(Field::Dest2More, 1); set(Field::Dest2, nb);
  set(Field::AckOrigin, nb);
  set(Field::AckD1Valid, 1); set(Field::AckD1, nb);
  set(Field::AckD2Valid, 1); set(Field::AckD2, nb);
  set(Field::AckFinal, nb);
  set(Field::Latency, p.latency_bits);
  set(Field::EarlySent, 1);
  set(Field::Step, 2);
  set(Field::Dateline, p.dims < 1 ? 1 : p.dims);
  set(Field::Tie, p.tie_bits ? (p.dims < 1 ? 1 : p.dims) : 0);  // absent unless ties are drawn per packet
  set(Field::Seq, p.seq_bits);
  set(Field::Class, 1);
  set(Field::AckKindBit, 1);
  set(Field::Length, bits_for(static_cast<uint64_t>(p.max_length) + 1));
  int off = 0;
  for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
    offset_[i] = off;
    off += width_[i];
  }
  total_ = off;
  if (total_ > kMaxBits) throw std::invalid_argument("header wider than 256 bits");
}

namespace {
uint64_t mask(int w);
// Fields are at most 64 bits wide, so one spans at most two words.
void put(HeaderBits& b, int off, int w, uint64_t v) {
  const int i = off / 64, s = off % 64;
  b[i] |= v << s;
  if (s + w > 64) b[i + 1] |= v >> (64 - s);
}
uint64_t get(const HeaderBits& b, int off, int w) {
  const int i = off / 64, s = off % 64;
  uint64_t v = b[i] >> s;
  if (s + w > 64) v |= b[i + 1] << (64 - s);
  return v & mask(w);
}
uint64_t mask(int w) { return w >= 64 ? ~uint64_t{0} : ((uint64_t{1} << w) - 1); }
}  // namespace

HeaderBits HeaderLayout::encode(const Header& h) const {
  HeaderBits b{};
  auto p = [&](Field f, uint64_t v) { put(b, offset(f), width(f), v & mask(width(f))); };
  p(Field::Dest0More, h.more[0]); p(Field::Dest0, h.dest[0]);
  p(Field::Dest1More, h.more[1]); p(Field::Dest1, h.dest[1]);
  p(Field::Dest2More, h.more[2]); p(Field::Dest2, h.dest[2]);
  p(Field::AckOrigin, h.origin);
  p(Field::AckD1Valid, h.d1_valid); p(Field::AckD1, h.d1);
  p(Field::AckD2Valid, h.d2_valid); p(Field::AckD2, h.d2);
  p(Field::AckFinal, h.final_dest);
  p(Field::Latency, h.latency);
  p(Field::EarlySent, h.early_sent);
  p(Field::Step, h.step);
  p(Field::Dateline, h.dateline);
  p(Field::Tie, h.tie);
  p(Field::Seq, h.seq);
  p(Field::Class, static_cast<uint64_t>(h.tclass));
  p(Field::AckKindBit, static_cast<uint64_t>(h.ack_kind));
  p(Field::Length, h.length);
  return b;
}

Header HeaderLayout::decode(const HeaderBits& b) const {
  Header h;
  auto g = [&](Field f) { return get(b, offset(f), width(f)); };
  h.more[0] = g(Field::Dest0More); h.dest[0] = static_cast<uint32_t>(g(Field::Dest0));
  h.more[1] = g(Field::Dest1More); h.dest[1] = static_cast<uint32_t>(g(Field::Dest1));
  h.more[2] = g(Field::Dest2More); h.dest[2] = static_cast<uint32_t>(g(Field::Dest2));
  h.origin = static_cast<uint32_t>(g(Field::AckOrigin));
  h.d1_valid = g(Field::AckD1Valid); h.d1 = static_cast<uint32_t>(g(Field::AckD1));
  h.d2_valid = g(Field::AckD2Valid); h.d2 = static_cast<uint32_t>(g(Field::AckD2));
  h.final_dest = static_cast<uint32_t>(g(Field::AckFinal));
  h.latency = static_cast<uint32_t>(g(Field::Latency));
  h.early_sent = g(Field::EarlySent);
  h.step = static_cast<uint8_t>(g(Field::Step));
  h.dateline = static_cast<uint16_t>(g(Field::Dateline));
  h.tie = static_cast<uint16_t>(g(Field::Tie));
  h.seq = static_cast<uint32_t>(g(Field::Seq));
  h.tclass = static_cast<TrafficClass>(g(Field::Class));
  h.ack_kind = static_cast<AckKind>(g(Field::AckKindBit));
  h.length = static_cast<uint16_t>(g(Field::Length));
  return h;
}

bool HeaderLayout::fits(const Header& h, std::string* why) const {
  auto ok = [&](Field f, uint64_t v) {
    if (v <= mask(width(f))) return true;
    if (why) *why = std::string(name(f)) + " value " + std::to_string(v) + " exceeds " +
                    std::to_string(width(f)) + " bits";
    return false;
  };
  return ok(Field::Dest0, h.dest[0]) && ok(Field::Dest1, h.dest[1]) && ok(Field::Dest2, h.dest[2]) &&
         ok(Field::AckOrigin, h.origin) && ok(Field::AckD1, h.d1) && ok(Field::AckD2, h.d2) &&
         ok(Field::AckFinal, h.final_dest) && ok(Field::Latency, h.latency) && ok(Field::Step, h.step) &&
         ok(Field::Dateline, h.dateline) && ok(Field::Tie, h.tie) && ok(Field::Seq, h.seq) && ok(Field::Length, h.length);
}

}  // namespace drb
