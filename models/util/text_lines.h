// SPDX-License-Identifier: Apache-2.0
// The line format of drb's own text files (network files, energy tables): one statement a line, '#' to the
// end of the line a comment, words separated by spaces or tabs, CR of CRLF files ignored.
#pragma once
#include <string>
#include <vector>

namespace drb {

// Calls f(line_number, text) for each line of `text`, its comment cut off (1-based line numbers).
template <class F>
void for_each_line(const std::string& text, F f) {
  int line = 0;
  for (size_t at = 0; at < text.size();) {
    ++line;
    const size_t nl = text.find('\n', at);
    std::string s = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? text.size() : nl + 1;
    if (const size_t hash = s.find('#'); hash != std::string::npos) s.resize(hash);
    f(line, s);
  }
}

// The words of a line.
inline std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> t;
  size_t i = 0;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (i < s.size()) {
    while (i < s.size() && space(s[i])) ++i;
    const size_t b = i;
    while (i < s.size() && !space(s[i])) ++i;
    if (i > b) t.push_back(s.substr(b, i - b));
  }
  return t;
}

}  // namespace drb
