// SPDX-License-Identifier: Apache-2.0
// Head-flit format and the per-router header blocks: layout widths and offsets, bit-exact encode/decode,
// DEC, AL (modular latency with timer wrap), GMR and the crossbar arbiter, on hand-worked cases.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "models/blocks/al.h"
#include "models/blocks/dec.h"
#include "models/blocks/gmr.h"
#include "models/blocks/xbar_arbiter.h"
#include "models/packet/header.h"

using namespace drb;

namespace {

constexpr int kFields = static_cast<int>(Field::Count);

uint64_t mask(int w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

bool bit(const HeaderBits& b, int i) { return (b[i / 64] >> (i % 64)) & 1u; }

// ceil(log2(n)), at least 1, by repeated doubling.
int ceil_log2(uint64_t n) {
  int b = 0;
  while ((uint64_t{1} << b) < n) ++b;
  return b < 1 ? 1 : b;
}

// A random header with every field drawn within its width in layout L.
Header random_header(const HeaderLayout& L, std::mt19937_64& g) {
  auto r = [&](Field f) { return g() & mask(L.width(f)); };
  Header h;
  for (int i = 0; i < kStackDepth; ++i) h.more[i] = g() & 1;
  h.dest[0] = static_cast<uint32_t>(r(Field::Dest0));
  h.dest[1] = static_cast<uint32_t>(r(Field::Dest1));
  h.dest[2] = static_cast<uint32_t>(r(Field::Dest2));
  h.origin = static_cast<uint32_t>(r(Field::AckOrigin));
  h.d1_valid = g() & 1;
  h.d1 = static_cast<uint32_t>(r(Field::AckD1));
  h.d2_valid = g() & 1;
  h.d2 = static_cast<uint32_t>(r(Field::AckD2));
  h.final_dest = static_cast<uint32_t>(r(Field::AckFinal));
  h.latency = static_cast<uint32_t>(r(Field::Latency));
  h.early_sent = g() & 1;
  h.step = static_cast<uint8_t>(r(Field::Step));
  h.dateline = static_cast<uint8_t>(r(Field::Dateline));
  h.tie = static_cast<uint16_t>(r(Field::Tie));
  h.seq = static_cast<uint32_t>(r(Field::Seq));
  h.tclass = static_cast<TrafficClass>(g() & 1);
  h.ack_kind = static_cast<AckKind>(g() & 1);
  h.length = static_cast<uint16_t>(r(Field::Length));
  return h;
}

}  // namespace

TEST(HeaderLayout, NodeFieldWidthHandValues) {
  const std::vector<std::pair<int, int>> cases = {{2, 1},    {3, 2},     {4, 2},     {5, 3},      {16, 4},
                                                  {17, 5},   {64, 6},    {65, 7},    {1000, 10},  {1024, 10},
                                                  {1025, 11}, {4096, 12}, {65535, 16}, {65536, 16}};
  for (auto [n, w] : cases) {
    LayoutParams p;
    p.nodes = n;
    HeaderLayout L(p);
    EXPECT_EQ(L.node_bits(), w) << "nodes=" << n;
    for (Field f : {Field::Dest0, Field::Dest1, Field::Dest2, Field::AckOrigin, Field::AckD1, Field::AckD2,
                    Field::AckFinal})
      EXPECT_EQ(L.width(f), w) << HeaderLayout::name(f);
  }
  EXPECT_EQ(bits_for(0), 1);
  EXPECT_EQ(bits_for(1), 1);
  EXPECT_EQ(bits_for(2), 1);
  EXPECT_EQ(bits_for(3), 2);
  EXPECT_EQ(bits_for(256), 8);
  EXPECT_EQ(bits_for(257), 9);
  EXPECT_EQ(bits_for(65537), 17);
}

TEST(HeaderLayout, OtherWidthsAndErrors) {
  LayoutParams p;
  p.nodes = 64;
  p.latency_bits = 12;
  p.seq_bits = 9;
  p.dims = 3;
  p.max_length = 10;  // lengths 0..10 -> 4 bits
  HeaderLayout L(p);
  EXPECT_EQ(L.width(Field::Latency), 12);
  EXPECT_EQ(L.width(Field::Seq), 9);
  EXPECT_EQ(L.width(Field::Dateline), 3);
  EXPECT_EQ(L.width(Field::Step), 2);  // steps 0..2
  EXPECT_EQ(L.width(Field::Length), 4);
  for (Field f : {Field::Dest0More, Field::Dest1More, Field::Dest2More, Field::AckD1Valid, Field::AckD2Valid,
                  Field::EarlySent, Field::Class, Field::AckKindBit})
    EXPECT_EQ(L.width(f), 1) << HeaderLayout::name(f);
  // 7 node fields * 6 + 8 flags + 12 + 2 + 3 + 9 + 4.
  EXPECT_EQ(L.total_bits(), 42 + 8 + 12 + 2 + 3 + 9 + 4);
  p.max_length = 1;  // lengths 0..1
  EXPECT_EQ(HeaderLayout(p).width(Field::Length), 1);
  p.max_length = 4096;  // 0..4096 -> 13 bits
  EXPECT_EQ(HeaderLayout(p).width(Field::Length), 13);
  p.nodes = 1;
  EXPECT_THROW(HeaderLayout{p}, std::invalid_argument);
  p.nodes = 1 << 20;
  p.latency_bits = 64;
  p.seq_bits = 64;  // 140 + 8 + 64 + 2 + 3 + 64 + 13 > 256
  EXPECT_THROW(HeaderLayout{p}, std::invalid_argument);
}

TEST(HeaderLayout, RoundTripAllWidths) {
  std::mt19937_64 g(12345);
  int layouts = 0;
  for (int nodes : {2, 3, 5, 16, 100, 256, 1024, 4097, 65535})
    for (int lat : {4, 8, 16, 31, 32})
      for (int seq : {4, 12, 32})
        for (int dims = 1; dims <= 6; ++dims)
          for (int maxlen : {1, 2, 10, 255, 4096})
           for (bool tie : {false, true}) {
            LayoutParams p{nodes, lat, seq, dims, maxlen, tie};
            HeaderLayout L(p);
            ++layouts;
            // Offsets contiguous from 0 in field order, total = sum of widths, node width = ceil(log2 N).
            int off = 0;
            for (int i = 0; i < kFields; ++i) {
              ASSERT_EQ(L.offset(static_cast<Field>(i)), off) << HeaderLayout::name(static_cast<Field>(i));
              off += L.width(static_cast<Field>(i));
            }
            ASSERT_EQ(L.total_bits(), off);
            ASSERT_EQ(L.node_bits(), ceil_log2(nodes));
            ASSERT_EQ(L.width(Field::Latency), lat);
            ASSERT_EQ(L.width(Field::Seq), seq);
            ASSERT_EQ(L.width(Field::Dateline), dims);
            ASSERT_EQ(L.width(Field::Tie), tie ? dims : 0);  // tie bits only with routing.tie=random
            ASSERT_EQ(L.width(Field::Length), ceil_log2(static_cast<uint64_t>(maxlen) + 1));
            for (int t = 0; t < 8; ++t) {
              const Header h = random_header(L, g);
              ASSERT_TRUE(L.fits(h));
              const HeaderBits b = L.encode(h);
              for (int i = L.total_bits(); i < HeaderLayout::kMaxBits; ++i) ASSERT_FALSE(bit(b, i));
              ASSERT_TRUE(L.decode(b) == h) << "nodes=" << nodes << " lat=" << lat << " seq=" << seq;
            }
          }
  EXPECT_EQ(layouts, 9 * 5 * 3 * 6 * 5 * 2);
}

TEST(HeaderLayout, EachFieldOccupiesItsOwnBits) {
  // Set one field to all ones: exactly [offset, offset + width) is set, and decoding gives back only it.
  LayoutParams p{1000, 20, 24, 3, 64, true};  // with tie bits: every field has bits
  HeaderLayout L(p);
  for (int i = 0; i < kFields; ++i) {
    const Field f = static_cast<Field>(i);
    Header h;
    h.length = 0;  // the struct defaults to a 1-flit packet; start from all zeros
    const uint64_t ones = mask(L.width(f));
    switch (f) {
      case Field::Dest0More: h.more[0] = true; break;
      case Field::Dest0: h.dest[0] = static_cast<uint32_t>(ones); break;
      case Field::Dest1More: h.more[1] = true; break;
      case Field::Dest1: h.dest[1] = static_cast<uint32_t>(ones); break;
      case Field::Dest2More: h.more[2] = true; break;
      case Field::Dest2: h.dest[2] = static_cast<uint32_t>(ones); break;
      case Field::AckOrigin: h.origin = static_cast<uint32_t>(ones); break;
      case Field::AckD1Valid: h.d1_valid = true; break;
      case Field::AckD1: h.d1 = static_cast<uint32_t>(ones); break;
      case Field::AckD2Valid: h.d2_valid = true; break;
      case Field::AckD2: h.d2 = static_cast<uint32_t>(ones); break;
      case Field::AckFinal: h.final_dest = static_cast<uint32_t>(ones); break;
      case Field::Latency: h.latency = static_cast<uint32_t>(ones); break;
      case Field::EarlySent: h.early_sent = true; break;
      case Field::Step: h.step = static_cast<uint8_t>(ones); break;
      case Field::Dateline: h.dateline = static_cast<uint8_t>(ones); break;
      case Field::Tie: h.tie = static_cast<uint16_t>(ones); break;
      case Field::Seq: h.seq = static_cast<uint32_t>(ones); break;
      case Field::Class: h.tclass = TrafficClass::Ack; break;
      case Field::AckKindBit: h.ack_kind = AckKind::Early; break;
      case Field::Length: h.length = static_cast<uint16_t>(ones); break;
      case Field::Count: break;
    }
    const HeaderBits b = L.encode(h);
    for (int k = 0; k < HeaderLayout::kMaxBits; ++k) {
      const bool inside = k >= L.offset(f) && k < L.offset(f) + L.width(f);
      ASSERT_EQ(bit(b, k), inside) << HeaderLayout::name(f) << " bit " << k;
    }
    EXPECT_TRUE(L.decode(b) == h) << HeaderLayout::name(f);
  }
  // Hand case: dest0 = 5 in the 10-bit field right after the 1-bit more flag -> bits 1 and 3.
  Header h;
  h.length = 0;
  h.dest[0] = 5;
  const HeaderBits b = L.encode(h);
  EXPECT_EQ(b[0], (uint64_t{5} << 1));
  EXPECT_EQ(b[1] | b[2] | b[3], 0u);
}

TEST(HeaderLayout, FitsRejectsOversizeValues) {
  LayoutParams p{64, 8, 10, 2, 10};
  HeaderLayout L(p);
  Header ok;
  EXPECT_TRUE(L.fits(ok));
  auto reject = [&](auto set, const char* field) {
    Header h;
    set(h);
    std::string why;
    EXPECT_FALSE(L.fits(h, &why)) << field;
    EXPECT_NE(why.find(field), std::string::npos) << why;
  };
  auto accept = [&](auto set, const char* field) {
    Header h;
    set(h);
    EXPECT_TRUE(L.fits(h)) << field;
  };
  reject([](Header& h) { h.dest[0] = 64; }, "dest0");
  accept([](Header& h) { h.dest[0] = 63; }, "dest0");
  reject([](Header& h) { h.dest[1] = 100; }, "dest1");
  reject([](Header& h) { h.dest[2] = 64; }, "dest2");
  reject([](Header& h) { h.origin = 64; }, "ack_origin");
  reject([](Header& h) { h.d1 = 64; }, "ack_d1");
  reject([](Header& h) { h.d2 = 64; }, "ack_d2");
  reject([](Header& h) { h.final_dest = 1u << 31; }, "ack_final");
  reject([](Header& h) { h.latency = 256; }, "latency");
  accept([](Header& h) { h.latency = 255; }, "latency");
  reject([](Header& h) { h.step = 4; }, "step");
  accept([](Header& h) { h.step = 3; }, "step");
  reject([](Header& h) { h.dateline = 4; }, "dateline");
  accept([](Header& h) { h.dateline = 3; }, "dateline");
  reject([](Header& h) { h.seq = 1024; }, "seq");
  accept([](Header& h) { h.seq = 1023; }, "seq");
  reject([](Header& h) { h.length = 16; }, "length");
  accept([](Header& h) { h.length = 10; }, "length");
}

TEST(Header, MakeDataHeaderAndStack) {
  const Header h2 = make_data_header(3, 9, {5, 7}, 42, 10);
  EXPECT_EQ(h2.dest, (std::array<uint32_t, 3>{5, 7, 9}));
  EXPECT_EQ(h2.more, (std::array<bool, 3>{true, true, false}));
  EXPECT_EQ(h2.stack_size(), 3);
  EXPECT_TRUE(h2.d1_valid && h2.d2_valid);
  EXPECT_EQ(h2.d1, 5u);
  EXPECT_EQ(h2.d2, 7u);
  EXPECT_EQ(h2.origin, 3u);
  EXPECT_EQ(h2.final_dest, 9u);
  EXPECT_EQ(h2.seq, 42u);
  EXPECT_EQ(h2.length, 10);
  EXPECT_EQ(h2.step, 0);
  EXPECT_EQ(h2.tclass, TrafficClass::Data);
  const Header h1 = make_data_header(3, 9, {5}, 0, 1);
  EXPECT_EQ(h1.dest, (std::array<uint32_t, 3>{5, 9, 0}));
  EXPECT_EQ(h1.more, (std::array<bool, 3>{true, false, false}));
  EXPECT_TRUE(h1.d1_valid);
  EXPECT_FALSE(h1.d2_valid);
  EXPECT_EQ(h1.stack_size(), 2);
  const Header h0 = make_data_header(3, 9, {}, 0, 1);
  EXPECT_EQ(h0.front(), 9u);
  EXPECT_TRUE(h0.front_is_final());
  EXPECT_FALSE(h0.d1_valid || h0.d2_valid);
  EXPECT_EQ(h0.stack_size(), 1);
  EXPECT_THROW(make_data_header(3, 9, {1, 2, 4}, 0, 1), std::invalid_argument);
}

TEST(Dec, HandHeaders) {
  Header h = make_data_header(0, 9, {5, 7}, 1, 4);
  h.dateline = 3;
  const Header orig = h;
  // Elsewhere: route on the front, header untouched.
  EXPECT_EQ(dec_step(h, 3), DecAction::Route);
  EXPECT_TRUE(h == orig);
  EXPECT_EQ(dec_step(h, 9), DecAction::Route);  // the final destination is not the front yet
  // At the first intermediate: pop, next step, datelines cleared.
  EXPECT_EQ(dec_step(h, 5), DecAction::Pop);
  EXPECT_EQ(h.dest, (std::array<uint32_t, 3>{7, 9, 0}));
  EXPECT_EQ(h.more, (std::array<bool, 3>{true, false, false}));
  EXPECT_EQ(h.step, 1);
  EXPECT_EQ(h.dateline, 0);
  // The ack block records the path and is not touched by DEC.
  EXPECT_EQ(h.d1, 5u);
  EXPECT_EQ(h.d2, 7u);
  EXPECT_TRUE(h.d1_valid && h.d2_valid);
  EXPECT_EQ(dec_step(h, 5), DecAction::Route);  // next pass: front is now 7
  h.dateline = 1;
  EXPECT_EQ(dec_step(h, 7), DecAction::Pop);
  EXPECT_EQ(h.dest, (std::array<uint32_t, 3>{9, 0, 0}));
  EXPECT_EQ(h.more, (std::array<bool, 3>{false, false, false}));
  EXPECT_EQ(h.step, 2);
  EXPECT_EQ(h.dateline, 0);
  // Final destination: eject, nothing changes.
  const Header before = h;
  EXPECT_EQ(dec_step(h, 9), DecAction::Eject);
  EXPECT_TRUE(h == before);
}

TEST(Dec, RepeatedDestinationPopsTwiceAtOneNode) {
  Header h = make_data_header(0, 4, {6, 6}, 0, 1);
  EXPECT_EQ(dec_step(h, 6), DecAction::Pop);
  EXPECT_EQ(dec_step(h, 6), DecAction::Pop);
  EXPECT_EQ(h.step, 2);
  EXPECT_EQ(dec_step(h, 6), DecAction::Route);
  EXPECT_EQ(h.front(), 4u);
  // An intermediate equal to the final destination: pop, then eject on the next pass.
  Header g = make_data_header(0, 4, {4}, 0, 1);
  EXPECT_EQ(dec_step(g, 4), DecAction::Pop);
  EXPECT_EQ(dec_step(g, 4), DecAction::Eject);
}

TEST(Dec, PopShiftsZerosIn) {
  Header h;
  h.dest = {11, 12, 13};
  h.more = {true, true, true};  // even a (malformed) set last flag is shifted out
  h.pop();
  EXPECT_EQ(h.dest, (std::array<uint32_t, 3>{12, 13, 0}));
  EXPECT_EQ(h.more, (std::array<bool, 3>{true, true, false}));
  h.pop();
  EXPECT_EQ(h.dest, (std::array<uint32_t, 3>{13, 0, 0}));
  EXPECT_EQ(h.more, (std::array<bool, 3>{true, false, false}));
  h.pop();
  EXPECT_EQ(h.dest, (std::array<uint32_t, 3>{0, 0, 0}));
  EXPECT_EQ(h.more, (std::array<bool, 3>{false, false, false}));
}

TEST(Al, HandArithmetic) {
  LatencyAccumulator al16(16);
  EXPECT_EQ(al16.mask(), 0xffffu);
  // No wrap: waits 1000 -> 1300 add 300.
  uint32_t lat = al16.enq(100, 1000);
  EXPECT_EQ(lat, 65536u + 100 - 1000);  // 100 - 1000 mod 2^16
  EXPECT_EQ(al16.resume(lat, 1300), 400u);
  // Two waits accumulate: 10 -> 17 and 40 -> 45 add 7 + 5.
  lat = al16.resume(al16.enq(0, 10), 17);
  lat = al16.resume(al16.enq(lat, 40), 45);
  EXPECT_EQ(lat, 12u);
  // A zero-cycle wait adds nothing.
  EXPECT_EQ(al16.resume(al16.enq(77, 500), 500), 77u);
}

TEST(Al, TimerWrapDuringWait) {
  LatencyAccumulator al(8);
  EXPECT_EQ(al.mask(), 0xffu);
  // lat 5, queued at timer 250, resumes at 4 after the wrap: 5 + (4 - 250 mod 256) = 5 + 10 = 15.
  const uint32_t mid = al.enq(5, 250);
  EXPECT_EQ(mid, 11u);  // 5 - 250 mod 256
  EXPECT_EQ(al.resume(mid, 4), 15u);
  // The field itself wraps modulo 2^W (a W-bit field): lat 250 + wait 10 -> 4.
  EXPECT_EQ(al.resume(al.enq(250, 100), 110), 4u);
  // W = 32 uses the full word.
  LatencyAccumulator al32(32);
  EXPECT_EQ(al32.mask(), 0xffffffffu);
  EXPECT_EQ(al32.enq(0, 1), 0xffffffffu);
  EXPECT_EQ(al32.resume(al32.enq(3, 0xfffffffeu), 2), 7u);  // wait of 4 across the wrap
  EXPECT_EQ(al32.timer((int64_t{1} << 32) + 5), 5u);
}

TEST(Al, TickUnitAndTimer) {
  LatencyAccumulator al(8, 4);
  EXPECT_EQ(al.tick(), 4);
  EXPECT_EQ(al.timer(0), 0u);
  EXPECT_EQ(al.timer(3), 0u);
  EXPECT_EQ(al.timer(4), 1u);
  EXPECT_EQ(al.timer(1023), 255u);
  EXPECT_EQ(al.timer(1024), 0u);  // 256 ticks: wrapped
  EXPECT_EQ(al.timer(1029), 1u);
  // Waiting from cycle 1000 (timer 250) to cycle 1040 (timer 260 mod 256 = 4) = 10 ticks.
  EXPECT_EQ(al.resume(al.enq(5, al.timer(1000)), al.timer(1040)), 15u);
  LatencyAccumulator al16(16, 1);
  EXPECT_EQ(al16.timer(70000), 70000u - 65536u);
}

TEST(Gmr, ThresholdIsStrict) {
  Gmr g(10);
  Header h = make_data_header(1, 2, {}, 0, 1);
  h.latency = 10;
  EXPECT_FALSE(g.fire(h));
  EXPECT_FALSE(h.early_sent);
  h.latency = 11;
  EXPECT_TRUE(g.fire(h));
  EXPECT_TRUE(h.early_sent);
  Gmr zero(0);
  Header z = make_data_header(1, 2, {}, 0, 1);
  EXPECT_FALSE(zero.fire(z));  // latency 0 is not above 0
  z.latency = 1;
  EXPECT_TRUE(zero.fire(z));
  Gmr top(0xffffffffu);
  z.early_sent = false;
  z.latency = 0xffffffffu;
  EXPECT_FALSE(top.fire(z));
}

TEST(Gmr, OnceModeAndEveryHop) {
  Gmr once(5, false);
  EXPECT_FALSE(once.every_hop());
  Header h = make_data_header(1, 2, {3}, 0, 1);
  h.latency = 20;
  int fired = 0;
  for (int hop = 0; hop < 6; ++hop) fired += once.fire(h);
  EXPECT_EQ(fired, 1);
  Gmr every(5, true);
  Header e = make_data_header(1, 2, {3}, 0, 1);
  e.latency = 20;
  fired = 0;
  for (int hop = 0; hop < 6; ++hop) fired += every.fire(e);
  EXPECT_EQ(fired, 6);
  EXPECT_TRUE(e.early_sent);
}

TEST(Gmr, NeverForAcks) {
  for (bool every : {false, true}) {
    Gmr g(0, every);
    Header a = make_ack_header(make_data_header(1, 2, {}, 0, 1), AckKind::Final, 1);
    a.latency = 1000;
    EXPECT_FALSE(g.fire(a));
    EXPECT_FALSE(a.early_sent);
  }
}

TEST(Gmr, MakeAckHeaderCopiesAckBlock) {
  Header d = make_data_header(3, 9, {5, 7}, 42, 10);
  d.latency = 123;
  d.step = 1;
  d.dateline = 2;
  d.early_sent = true;
  d.pop();  // in flight past the first intermediate: the ack block still names the whole path
  const Header a = make_ack_header(d, AckKind::Early, 2);
  EXPECT_EQ(a.front(), 3u);  // travels to the origin
  EXPECT_TRUE(a.front_is_final());
  EXPECT_EQ(a.stack_size(), 1);
  EXPECT_EQ(a.origin, 3u);
  EXPECT_TRUE(a.d1_valid);
  EXPECT_EQ(a.d1, 5u);
  EXPECT_TRUE(a.d2_valid);
  EXPECT_EQ(a.d2, 7u);
  EXPECT_EQ(a.final_dest, 9u);
  EXPECT_EQ(a.latency, 123u);
  EXPECT_EQ(a.seq, 42u);
  EXPECT_EQ(a.tclass, TrafficClass::Ack);
  EXPECT_EQ(a.ack_kind, AckKind::Early);
  EXPECT_EQ(a.length, 2);
  EXPECT_EQ(a.step, 0);  // routing state starts fresh
  EXPECT_EQ(a.dateline, 0);
  EXPECT_FALSE(a.early_sent);
  const Header f = make_ack_header(make_data_header(4, 6, {}, 7, 1), AckKind::Final, 1);
  EXPECT_FALSE(f.d1_valid);
  EXPECT_FALSE(f.d2_valid);
  EXPECT_EQ(f.ack_kind, AckKind::Final);
  EXPECT_EQ(f.front(), 4u);
}

TEST(XbarArbiter, RoundRobinPointerMovesOnlyWhenUsed) {
  XbarArbiter a(4);
  EXPECT_EQ(a.pointer(), 0);
  EXPECT_EQ(a.arbitrate(0, 0), -1);
  EXPECT_EQ(a.arbitrate(0b1010, 0), 1);
  a.update(1, false);  // granted but not used: pointer stays, same winner next cycle
  EXPECT_EQ(a.pointer(), 0);
  EXPECT_EQ(a.arbitrate(0b1010, 0), 1);
  a.update(1, true);
  EXPECT_EQ(a.pointer(), 2);
  EXPECT_EQ(a.arbitrate(0b1010, 0), 3);
  EXPECT_EQ(a.arbitrate(0b0110, 0), 2);  // at the pointer itself
  EXPECT_EQ(a.arbitrate(0b0011, 0), 0);  // nothing at or after 2: wrap
  a.update(3, true);
  EXPECT_EQ(a.pointer(), 0);  // past the last input wraps to 0
  a.update(-1, true);         // no grant: no move
  EXPECT_EQ(a.pointer(), 0);
  // All four requesting and every grant used: 0, 1, 2, 3, 0, 1.
  std::vector<int> seq;
  for (int i = 0; i < 6; ++i) {
    const int gnt = a.arbitrate(0b1111, 0);
    seq.push_back(gnt);
    a.update(gnt, true);
  }
  EXPECT_EQ(seq, (std::vector<int>{0, 1, 2, 3, 0, 1}));
}

TEST(XbarArbiter, PriorityClassWins) {
  XbarArbiter a(4);
  EXPECT_EQ(a.arbitrate(0b1111, 0b0100), 2);  // the only priority requester, ahead of the pointer's 0
  EXPECT_EQ(a.arbitrate(0b0011, 0b1100), 0);  // priority bits without requests are ignored
  a.update(0, true);  // pointer 1
  // RR within the priority class from the pointer: priority requesters 0 and 3 -> 3.
  EXPECT_EQ(a.arbitrate(0b1011, 0b1001), 3);
  a.update(3, true);  // pointer 0
  EXPECT_EQ(a.arbitrate(0b1011, 0b1001), 0);
  a.update(0, true);  // pointer 1
  // Normal requesters 1 and 2 wait while a priority requester exists.
  EXPECT_EQ(a.arbitrate(0b0111, 0b0001), 0);
  EXPECT_EQ(a.arbitrate(0b0110, 0b0001), 1);
}

TEST(XbarArbiter, SixtyFourInputs) {
  XbarArbiter a(64);
  const uint64_t req = (uint64_t{1} << 63) | 1u;
  EXPECT_EQ(a.arbitrate(req, 0), 0);
  a.update(0, true);
  EXPECT_EQ(a.arbitrate(req, 0), 63);
  a.update(63, true);
  EXPECT_EQ(a.pointer(), 0);
  RrArbiter r(64);
  r.set_pointer(63);
  EXPECT_EQ(r.pick(req), 63);
  EXPECT_EQ(r.pick(0b110), 1);
}
