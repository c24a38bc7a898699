// SPDX-License-Identifier: Apache-2.0
// The DRB head-flit format, defined once. The C++ struct is the working form; HeaderLayout gives every
// field its width and bit offset for a given network size, and encode/decode are the bit-exact wire form
// that the RTL package generator and the tests share.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace drb {

enum class TrafficClass : uint8_t { Data = 0, Ack = 1 };
enum class AckKind : uint8_t { Final = 0, Early = 1 };

constexpr int kStackDepth = 3;  // two intermediate destinations plus the final one

struct Header {
  // Destination stack: the router routes on dest[0]; more[i] says another destination follows dest[i].
  std::array<uint32_t, kStackDepth> dest{};
  std::array<bool, kStackDepth> more{};
  // Ack block: which multistep path (MSP) this packet took, so an ack can be built from it anywhere.
  uint32_t origin = 0;
  bool d1_valid = false;
  uint32_t d1 = 0;
  bool d2_valid = false;
  uint32_t d2 = 0;
  uint32_t final_dest = 0;
  uint32_t latency = 0;     // AL field: W-bit modular; waiting cycles beyond the zero-load schedule
  bool early_sent = false;  // GMR has already sent an early ack for this packet (once mode)
  uint8_t step = 0;         // routing step (0..2): selects the VC class group; DEC increments it
  uint16_t dateline = 0;    // one bit per routing dimension (up to 16): wrap link crossed during this step
  uint16_t tie = 0;         // routing.tie=random: per dimension, a ring tie goes + (bit set) or - (drawn at injection)
  uint32_t seq = 0;         // per (source, destination) sequence number, for reordering
  TrafficClass tclass = TrafficClass::Data;
  AckKind ack_kind = AckKind::Final;  // meaningful for acks only
  uint16_t length = 1;                // packet length in flits, head included

  uint32_t front() const { return dest[0]; }
  bool front_is_final() const { return !more[0]; }
  // DEC: drop the front destination and shift the stack in place (zeros shift in at the back).
  void pop() {
    for (int i = 0; i + 1 < kStackDepth; ++i) {
      dest[i] = dest[i + 1];
      more[i] = more[i + 1];
    }
    dest[kStackDepth - 1] = 0;
    more[kStackDepth - 1] = false;
  }
  // Number of destinations still on the stack (1 = only the final one).
  int stack_size() const {
    int n = 1;
    while (n <= kStackDepth - 1 && more[n - 1]) ++n;
    return n;
  }
  bool operator==(const Header& o) const;
  bool operator!=(const Header& o) const { return !(*this == o); }
};

// Build the header of a data packet for the path origin -> [d1] -> [d2] -> final (absent hops skipped).
Header make_data_header(uint32_t origin, uint32_t final_dest, const uint32_t* intermediates, int n,
                        uint32_t seq, uint16_t length);
inline Header make_data_header(uint32_t origin, uint32_t final_dest, const std::vector<uint32_t>& intermediates,
                               uint32_t seq, uint16_t length) {
  return make_data_header(origin, final_dest, intermediates.data(), static_cast<int>(intermediates.size()), seq, length);
}

enum class Field : int {
  Dest0More, Dest0, Dest1More, Dest1, Dest2More, Dest2,
  AckOrigin, AckD1Valid, AckD1, AckD2Valid, AckD2, AckFinal,
  Latency, EarlySent, Step, Dateline, Tie, Seq, Class, AckKindBit, Length,
  Count
};

struct LayoutParams {
  int nodes = 64;        // network size: node fields get ceil(log2(nodes)) bits
  int latency_bits = 16; // W
  int seq_bits = 16;
  int dims = 2;          // routing dimensions (dateline bits)
  int max_length = 64;   // longest packet in flits
  bool tie_bits = false; // routing.tie=random: one tie bit per dimension travels with the packet
};

using HeaderBits = std::array<uint64_t, 4>;  // up to 256 bits; bit i of the header is word i/64, bit i%64

class HeaderLayout {
 public:
  explicit HeaderLayout(const LayoutParams& p);
  int width(Field f) const { return width_[static_cast<int>(f)]; }
  int offset(Field f) const { return offset_[static_cast<int>(f)]; }
  int total_bits() const { return total_; }
  int node_bits() const { return width(Field::Dest0); }
  static const char* name(Field f);
  static constexpr int kMaxBits = 256;

  HeaderBits encode(const Header& h) const;
  Header decode(const HeaderBits& b) const;
  // True if every field of h fits its width (encode would not truncate).
  bool fits(const Header& h, std::string* why = nullptr) const;

 private:
  std::array<int, static_cast<int>(Field::Count)> width_{};
  std::array<int, static_cast<int>(Field::Count)> offset_{};
  int total_ = 0;
};

int bits_for(uint64_t values);  // bits needed to hold values 0..values-1 (at least 1)

}  // namespace drb
