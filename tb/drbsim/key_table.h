// SPDX-License-Identifier: Apache-2.0
// The typed key builders the key files share (keys.cpp, traffic_keys.cpp): each appends one KeyDef whose
// parser checks the value's type and range and whose echo reads the same Scenario field.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tb/drbsim/keys.h"

namespace drb {

// Every separator delimits an item, so "1,,2" and "1,2," hold an empty item that the item's parser refuses.
std::vector<std::string> split_items(const std::string& s, char sep);
// An empty value is an empty list only where the key allows one (its default is empty); elsewhere it is refused.
std::vector<int> to_int_list(const std::string& key, const std::string& v, int64_t lo, int64_t hi,
                             bool allow_empty = false);

struct KeyTable {
  using json = nlohmann::json;
  template <class T>
  using Field = std::function<T&(Scenario&)>;

  std::vector<KeyDef>& k;

  void add(std::string name, std::string def, std::string help, std::function<void(Scenario&, const std::string&)> set,
           std::function<json(const Scenario&)> get, bool list = false) {
    k.push_back(KeyDef{std::move(name), std::move(def), std::move(help), std::move(set), std::move(get), list});
  }
  void int_key(std::string name, std::string def, std::string help, int64_t lo, int64_t hi, Field<int64_t> ref) {
    const std::string n = name;
    add(name, def, help, [=](Scenario& s, const std::string& v) { ref(s) = to_int(n, v, lo, hi); }, getter(ref));
  }
  void i32_key(std::string name, std::string def, std::string help, int64_t lo, int64_t hi, Field<int> ref) {
    const std::string n = name;
    add(name, def, help, [=](Scenario& s, const std::string& v) { ref(s) = static_cast<int>(to_int(n, v, lo, hi)); },
        getter(ref));
  }
  // The router's and NI's integer fields: range and field from systemc/fabric/net_ranges.h, which a NetParams
  // filled in code is checked against too.
  void net_key(std::string name, std::string def, std::string help);
  void dbl_key(std::string name, std::string def, std::string help, double lo, double hi, Field<double> ref) {
    const std::string n = name;
    add(name, def, help, [=](Scenario& s, const std::string& v) { ref(s) = to_double(n, v, lo, hi); }, getter(ref));
  }
  void bool_key(std::string name, std::string def, std::string help, Field<bool> ref) {
    const std::string n = name;
    add(name, def, help, [=](Scenario& s, const std::string& v) { ref(s) = to_bool(n, v); }, getter(ref));
  }
  void enum_key(std::string name, std::string def, std::string help, std::vector<std::string> opts,
                Field<std::string> ref) {
    const std::string n = name;
    std::string all;
    for (auto& o : opts) all += (all.empty() ? "" : " | ") + o;
    add(name, def, help + " (" + all + ")", [=](Scenario& s, const std::string& v) { ref(s) = to_enum(n, v, opts); },
        getter(ref));
  }
  // Two named values of one switch (off is the default): router.switching, the allocators, the arbiter.
  void choice_key(std::string name, std::string off, std::string on, std::string help, Field<bool> ref) {
    const std::string n = name;
    add(name, off, help, [=](Scenario& s, const std::string& v) { ref(s) = to_enum(n, v, {off, on}) == on; },
        [=](const Scenario& s) { return json(ref(const_cast<Scenario&>(s)) ? on : off); });
  }
  void str_key(std::string name, std::string def, std::string help, Field<std::string> ref) {
    add(name, def, help, [=](Scenario& s, const std::string& v) { ref(s) = v; }, getter(ref));
  }

 private:
  // The echo reads through the setter's field accessor, which takes a mutable Scenario.
  template <class T>
  static std::function<json(const Scenario&)> getter(Field<T> ref) {
    return [=](const Scenario& s) { return json(ref(const_cast<Scenario&>(s))); };
  }
};

void add_traffic_keys(KeyTable& t);  // traffic_keys.cpp

}  // namespace drb
