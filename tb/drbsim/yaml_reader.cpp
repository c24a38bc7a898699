// SPDX-License-Identifier: Apache-2.0
// Reading a scenario file: its text, bounded, and its YAML as flat keys (nested maps become dotted keys)
// and swept values, every problem a ConfigError naming the key or the line.
#include "tb/drbsim/yaml_reader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "tb/drbsim/guards.h"
#include "tb/io/inputs.h"

namespace drb {

std::string read_file(const std::string& path) {
  return read_input("scenario", path, kMaxScenarioBytes, "scenario file");
}

namespace {

std::string at_line(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  return m.line >= 0 ? " (line " + std::to_string(m.line + 1) + ")" : "";
}

const char* kind_name(const YAML::Node& n) {
  return n.IsMap() ? "a map" : n.IsSequence() ? "a list" : n.IsNull() ? "an empty value" : "a value";
}

// The YAML walk: one value per key, bounded work however the file nests or aliases its nodes.
struct Flattener {
  const std::string& origin;
  std::map<std::string, std::string>& kv;
  std::map<std::string, std::vector<std::string>>& sweeps;
  size_t values = 0;  // scalars visited: aliases can repeat a node, so the file size alone does not bound this

  void count(const std::string& key) {
    if (++values > kMaxScenarioValues)
      throw ConfigError(key, origin + ": more than " + std::to_string(kMaxScenarioValues) +
                                 " values in the scenario (aliases repeating large lists?)");
  }
  std::string key_of(const YAML::Node& k, const std::string& prefix) {
    if (!k.IsScalar())
      throw ConfigError(prefix.empty() ? "scenario" : prefix,
                        origin + at_line(k) + ": a key must be a plain name, got " + kind_name(k) + " as a key");
    const std::string name = k.Scalar();
    if (name.empty()) throw ConfigError(prefix.empty() ? "scenario" : prefix, origin + at_line(k) + ": empty key name");
    return prefix.empty() ? name : prefix + "." + name;
  }
  std::string scalar(const YAML::Node& n, const std::string& key) {
    count(key);
    return n.Scalar();
  }
  std::string scalar_list(const YAML::Node& n, const std::string& key) {
    std::string out;
    for (const auto& e : n) {
      std::string v;
      if (e.IsScalar()) {
        v = scalar(e, key);
      } else if (e.IsMap() && e.size() == 3 && e["src"] && e["dst"] && e["interval"] && e["src"].IsScalar() &&
                 e["dst"].IsScalar() && e["interval"].IsScalar()) {  // a channel
        v = scalar(e["src"], key) + ">" + scalar(e["dst"], key) + "@" + scalar(e["interval"], key);
      } else {
        throw ConfigError(key, origin + at_line(e) + ": list items must be values (or {src, dst, interval} for "
                               "traffic.channels), got " + kind_name(e));
      }
      out += (out.empty() ? "" : ",") + v;
    }
    return out;
  }
  void set(const std::string& key, const std::string& v, const YAML::Node& at) {
    if (!kv.emplace(key, v).second) throw ConfigError(key, origin + at_line(at) + ": given twice in the scenario");
  }
  void sweep(const YAML::Node& v) {
    if (!v.IsMap()) throw ConfigError("sweep", origin + at_line(v) + ": expected a map of key: [values]");
    for (const auto& s : v) {
      const std::string sk = key_of(s.first, "");
      if (!s.second.IsSequence() || s.second.size() == 0)
        throw ConfigError("sweep." + sk, origin + at_line(s.second) + ": expected a non-empty list of values");
      std::vector<std::string> vals;
      for (const auto& e : s.second) {
        if (e.IsSequence()) vals.push_back(scalar_list(e, "sweep." + sk));
        else if (e.IsScalar()) vals.push_back(scalar(e, "sweep." + sk));
        else
          throw ConfigError("sweep." + sk, origin + at_line(e) + ": a swept value must be a value or a list of "
                                           "values, got " + kind_name(e));
      }
      if (!sweeps.emplace(sk, std::move(vals)).second)
        throw ConfigError("sweep." + sk, origin + at_line(s.first) + ": swept twice in the scenario");
    }
  }
  // Nested maps become dotted keys. A map is entered only under a prefix of some known key, so an unknown
  // name stops the walk at once (however deep or aliased the rest of the file is).
  void walk(const YAML::Node& n, const std::string& prefix) {
    for (const auto& it : n) {
      const std::string key = key_of(it.first, prefix);
      const YAML::Node& v = it.second;
      if (prefix.empty() && key == "sweep") {
        sweep(v);
        continue;
      }
      if (v.IsMap() && !find_key(key)) {
        if (!is_key_prefix(key)) check_known(key);
        walk(v, key);
      } else if (v.IsSequence()) {
        set(key, scalar_list(v, key), v);
      } else if (v.IsScalar()) {
        set(key, scalar(v, key), v);
      } else if (v.IsNull()) {
        set(key, "", v);
      } else {
        throw ConfigError(key, origin + at_line(v) + ": expected a value, got " + kind_name(v));
      }
    }
  }
};

// The text's outline, read line by line: how many YAML documents it holds (each "---" starts one,
// content outside an open document starts one, "..." closes one) and whether any line holds content
// (not blank, a comment, a directive or a bare marker). Read by hand because yaml-cpp 0.7's LoadAll
// never returns on some malformed input (a lone ","), and Load reads only the first document, silently.
struct Outline {
  int documents = 0;
  bool content = false;
};

Outline outline(const std::string& text) {
  Outline o;
  bool open = false;
  for (size_t from = 0; from < text.size();) {
    size_t nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = text.substr(from, nl - from);
    from = nl + 1;
    const bool start = line.compare(0, 3, "---") == 0, end = line.compare(0, 3, "...") == 0;
    const bool marker = (start || end) && (line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r');
    const size_t c = line.find_first_not_of(" \t\r", marker ? 3 : 0);
    const bool directive = !open && !marker && c == 0 && line[0] == '%';
    const bool content = c != std::string::npos && line[c] != '#' && !directive;
    o.content = o.content || content;
    if (marker) {
      open = start;
      o.documents += start;
    } else if (content && !open) {
      ++o.documents;
      open = true;
    }
  }
  return o;
}

// Parse the whole text as YAML: exactly one document, each problem a ConfigError naming the scenario.
YAML::Node parse_yaml(const std::string& text, const std::string& origin) {
  const int docs = outline(text).documents;
  if (docs > 1)
    throw ConfigError("scenario", origin + ": holds " + std::to_string(docs) + " YAML documents; a scenario is one document");
  try {
    return YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    throw ConfigError("scenario", origin + ": nested deeper than the YAML reader allows, at line " +
                                      std::to_string(e.mark.line + 1));
  } catch (const YAML::Exception& e) {
    throw ConfigError("scenario", origin + ": malformed YAML at line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

}  // namespace

std::vector<std::string> split_sweep(const std::string& key, const std::string& v) {
  const KeyDef* k = find_key(key);
  const char sep = (v.find(';') != std::string::npos || (k && k->list)) ? ';' : ',';
  std::vector<std::string> out;
  size_t from = 0;
  for (;;) {  // every separator delimits a value: "a,,b" and "a," hold an empty value, as the user wrote
    const size_t at = v.find(sep, from);
    out.push_back(v.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) break;
    from = at + 1;
  }
  return out;
}

ScenarioKeys read_scenario_keys(const std::string& yaml_text, const std::string& origin) {
  ScenarioKeys out;
  if (yaml_text.empty()) return out;
  const YAML::Node root = parse_yaml(yaml_text, origin);
  // A document that reads as empty although it holds text (a lone ",", "~") is not a scenario either.
  if (!root.IsMap() && !(root.IsNull() && !outline(yaml_text).content))
    throw ConfigError("scenario", origin + ": expected a map of keys, got " + kind_name(root));
  try {
    if (root.IsMap()) Flattener{origin, out.values, out.sweeps}.walk(root, "");
  } catch (const YAML::Exception& e) {  // yaml-cpp conversions: should not happen, but never escapes
    throw ConfigError("scenario", origin + ": cannot read line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  return out;
}

}  // namespace drb
