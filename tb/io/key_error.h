// SPDX-License-Identifier: Apache-2.0
// Errors that name a key (or an option) and the reason: what every library of the testbench throws on bad
// input or a failed output, and what the front end prints on one line (exit 2 or 3).
#pragma once
#include <stdexcept>
#include <string>

namespace drb {

class KeyError : public std::runtime_error {
 public:
  KeyError(const std::string& key, const std::string& reason)
      : std::runtime_error(key + ": " + reason), key(key), reason(reason) {}
  std::string key, reason;
};

// Bad input: the front end exits with code 2, before anything runs.
class ConfigError : public KeyError {
 public:
  using KeyError::KeyError;
};

// An output that could not be written after the run: the front end reports it (naming the key) and exits
// with the failed-run code.
class OutputError : public KeyError {
 public:
  using KeyError::KeyError;
};

}  // namespace drb
