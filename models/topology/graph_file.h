// SPDX-License-Identifier: Apache-2.0
// A network graph read from a text file (topology.kind=file, docs/custom-topology.md): elements with their
// port counts and kinds, unidirectional channels between (element, port) sides with extra cycles of flight,
// terminals with their injection and ejection attachments, and optionally a declared deterministic route
// table. One statement a line, `#` starts a comment:
//   name <text>                                       the network's name in tables and plots
//   element <name> router|switch <ports>              ids in the order declared
//   channel <elem>:<port> <elem>:<port> [extra=C] [dateline=D]
//   terminal <elem>:<port> [<elem>:<port>] [channels=N]   inject [eject, default the same]; ids in order
//   classes <name> ...                                the route table's VC class names
//   route <elem> <terminal> <port> [class=S] [ring=D]
// A channel with dateline=D sets the packet's ring-D bit when crossed (cleared when a routing step ends); a
// route with ring=D uses class S | that bit — the dateline classes of a torus's rings, declared per hop.
// Every problem is a std::invalid_argument "topology.file: line N: ..." naming the line; sizes are checked
// before anything is allocated for them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/topology/graph.h"

namespace drb {

// Bounds of the reader, each checked before the memory it guards is taken.
constexpr int kMaxFileElements = 65535;
constexpr int kMaxFileTerminals = 65535;
constexpr int64_t kMaxFilePorts = int64_t{1} << 22;         // all elements' ports together (32 MiB of sides)
constexpr int64_t kMaxFileTableEntries = int64_t{1} << 24;  // elements x terminals of a route table (64 MiB)

struct FileRoute {
  int16_t port = -1;  // -1: no entry
  uint8_t sub = 0;
  int8_t ring = -1;   // the dateline bit that raises the class, or -1
};

struct NetworkFile {
  std::string name;
  NetworkGraph graph;
  std::vector<std::string> element_names;
  std::vector<int8_t> dateline;           // per channel: the ring bit its crossing sets, or -1
  std::vector<std::string> class_names;   // empty: c0, c1, ...
  bool has_table = false;
  std::vector<FileRoute> table;           // element * terminals + terminal, when has_table
  std::vector<int> route_line;            // the line of each table entry (0: none), for the checks' messages
  int dateline_bits = 0;                  // highest ring bit used + 1
  const FileRoute& route(int e, int t) const {
    return table[static_cast<size_t>(e) * graph.terminals().size() + static_cast<size_t>(t)];
  }
  int line_of(int e, int t) const {
    return route_line[static_cast<size_t>(e) * graph.terminals().size() + static_cast<size_t>(t)];
  }
};

// Reads the text; checks the statements, the port sides (each takes one channel or terminal), that every
// terminal can reach every other over the channels, and a declared table by walking it from every
// terminal's injection element to every terminal (no missing entry, no unconnected port, no loop).
NetworkFile parse_network_file(const std::string& text);

// The table walked from every terminal's ejection element (from_ejection: where a multistep path's next
// step starts), or its injection element (what parse_network_file checks); std::invalid_argument as above.
void check_table_walks(const NetworkFile& f, bool from_ejection);

// The text of a graph; with `table` (elements x terminals, as NetworkFile::table) and class names, its
// route lines. element_names may be empty (e<id>).
std::string write_network_file(const std::string& name, const NetworkGraph& g, const std::vector<int8_t>& dateline,
                               const std::vector<FileRoute>* table, const std::vector<std::string>& class_names);

}  // namespace drb
