// SPDX-License-Identifier: Apache-2.0
// Value parsers shared by every key (keys.h): a number is written plainly, in decimal, with nothing around
// it, so a value that reads as a number to one tool reads as the same number to the next (docs/robustness.md).
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "tb/drbsim/keys.h"

namespace drb {

namespace {

// Forms strtod/strtoll would take but a scenario does not: surrounding blanks (yaml-cpp keeps them inside
// quotes), hexadecimal numbers (0x1p3 is 8 to strtod and an error to most readers), inf and nan.
void check_plain(const std::string& key, const std::string& v, const char* what) {
  if (!v.empty() &&
      (std::isspace(static_cast<unsigned char>(v.front())) || std::isspace(static_cast<unsigned char>(v.back()))))
    throw ConfigError(key, std::string("expected ") + what + " without surrounding blanks, got '" + v + "'");
  std::string low(v);
  std::transform(low.begin(), low.end(), low.begin(), [](unsigned char c) { return std::tolower(c); });
  if (low.find('x') != std::string::npos)
    throw ConfigError(key,
                      std::string("expected ") + what + " in decimal, got '" + v + "' (hexadecimal is not accepted)");
  if (low.find("inf") != std::string::npos || low.find("nan") != std::string::npos)
    throw ConfigError(key, std::string("expected ") + what + ", got '" + v + "' (not a finite number)");
}

}  // namespace

int64_t to_int(const std::string& key, const std::string& v, int64_t lo, int64_t hi) {
  check_plain(key, v, "an integer");
  char* end = nullptr;
  errno = 0;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end) throw ConfigError(key, "expected an integer, got '" + v + "'");
  if (errno == ERANGE || x < lo || x > hi)
    throw ConfigError(key, "value " + v + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return x;
}

double to_double(const std::string& key, const std::string& v, double lo, double hi) {
  check_plain(key, v, "a number");
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end || std::isnan(x)) throw ConfigError(key, "expected a number, got '" + v + "'");
  // ERANGE: either too large for a double (out of range below) or so close to 0 that it would read as 0;
  // a subnormal that strtod still represents is taken as given.
  if (errno == ERANGE && x == 0)
    throw ConfigError(key, "value " + v + " is too close to 0 to be represented (write 0 or a larger value)");
  if (errno == ERANGE && std::isinf(x)) throw ConfigError(key, "value " + v + " is too large to be represented");
  if (!std::isfinite(x) || x < lo || x > hi) {
    std::ostringstream o;
    o << "value " << v << " out of range [" << lo << ", " << hi << "]";
    throw ConfigError(key, o.str());
  }
  return x;
}

uint64_t to_bytes(const std::string& key, const std::string& v) {
  check_plain(key, v, "a size such as 512M");
  // A count of bytes with an optional binary unit: 512M, 8G, 1.5T, 1048576.
  static const struct {
    char unit;
    double scale;
  } units[] = {{'K', 1024.0}, {'M', 1048576.0}, {'G', 1073741824.0}, {'T', 1099511627776.0}};
  std::string num = v;
  double scale = 1;
  for (auto& u : units)
    if (!num.empty() && std::toupper(static_cast<unsigned char>(num.back())) == u.unit) {
      scale = u.scale;
      num.pop_back();
      break;  // one unit; "M" alone leaves nothing to look at
    }
  if (!num.empty() && (num.back() == 'i' || num.back() == 'B')) num.clear();  // KiB/GB spellings: say what works
  char* end = nullptr;
  errno = 0;
  const double x = num.empty() ? 0 : std::strtod(num.c_str(), &end);
  if (num.empty() || *end || errno || !std::isfinite(x) || x <= 0)
    throw ConfigError(key, "expected a size such as 512M, 8G or a number of bytes, got '" + v + "'");
  const double b = x * scale;
  if (b < 1048576.0 || b > 1125899906842624.0) throw ConfigError(key, "value " + v + " out of range [1M, 1024T]");
  return static_cast<uint64_t>(b);
}

bool to_bool(const std::string& key, const std::string& v) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") return true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return false;
  throw ConfigError(key, "expected true or false, got '" + v + "'");
}

std::string to_enum(const std::string& key, const std::string& v, const std::vector<std::string>& opts) {
  if (std::find(opts.begin(), opts.end(), v) != opts.end()) return v;
  std::string all;
  for (auto& o : opts) all += (all.empty() ? "" : "|") + o;
  throw ConfigError(key, "unknown value '" + v + "' (expected " + all + ")");
}

}  // namespace drb
