// SPDX-License-Identifier: Apache-2.0
// The project is Apache-2.0: LICENSE holds that text and every source file names it on its first line (the
// second after a shebang) as a comment in the file's own syntax. The tree is walked, not asked of git, so the
// check also holds for an unpacked source archive and sees files not yet added.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support.h"

namespace fs = std::filesystem;

namespace {

const std::string kSpdx = "SPDX-License-Identifier: Apache-2.0";

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The comment leader of a source file ("//" or "#"), "" for a file that is not source. A file starting with a
// shebang is a script (drb, .ci/run) whatever its name.
std::string comment_leader(const fs::path& p, const std::string& first_line) {
  const std::string name = p.filename().string();
  for (const char* ext : {".cpp", ".h", ".sv", ".svh", ".v"})
    if (ends_with(name, ext)) return "//";
  for (const char* ext : {".py", ".sh", ".cmake", ".cmake.in"})
    if (ends_with(name, ext)) return "#";
  if (name == "CMakeLists.txt" || first_line.rfind("#!", 0) == 0) return "#";
  return "";
}

// "" if p is not a source file or carries the line; otherwise why not.
std::string spdx_problem(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::string l1, l2;
  std::getline(in, l1);
  std::getline(in, l2);
  const std::string lead = comment_leader(p, l1);
  if (lead.empty()) return "";
  const std::string want = lead + " " + kSpdx;
  if ((l1.rfind("#!", 0) == 0 ? l2 : l1) == want) return "";
  return "first line (after a shebang) is not '" + want + "'";
}

// Folders that hold no sources (the .gitignore entries, and git's own): skipped at the top of the tree for
// build*/ and out/, anywhere for the others.
bool skipped(const fs::path& rel) {
  const std::string name = rel.filename().string();
  if (name == ".git" || name == "__pycache__" || name == ".cache") return true;  // .cache: the runners' run caches
  if (rel == "synth/out") return true;
  return rel.has_parent_path() ? false : (name.rfind("build", 0) == 0 || name == "out");
}

struct Walk {
  std::vector<std::string> checked, missing;  // paths relative to the root
};

Walk check_tree(const fs::path& root) {
  Walk w;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path rel = fs::relative(it->path(), root);
    if (it->is_directory()) {
      if (skipped(rel)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    std::ifstream in(it->path());
    std::string first;
    std::getline(in, first);
    if (comment_leader(it->path(), first).empty()) continue;
    w.checked.push_back(rel.string());
    const std::string why = spdx_problem(it->path());
    if (!why.empty()) w.missing.push_back(rel.string() + ": " + why);
  }
  return w;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += "\n  " + x;
  return s;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  for (const std::string& y : v)
    if (y == x) return true;
  return false;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

TEST(License, EverySourceFileCarriesTheSpdxLine) {
  const Walk w = check_tree(DRB_SOURCE_DIR);
  EXPECT_TRUE(w.missing.empty()) << w.missing.size() << " source files without the SPDX line:" << joined(w.missing);
  // The walk reaches every kind of source, the extensionless scripts and the out-of-tree example included.
  for (const char* f : {"CMakeLists.txt", "drb", ".ci/run", "cmake/install.cmake", "cmake/drbConfig.cmake.in",
                        "tb/drbsim/main.cpp", "tb/drbsim/version.h", "rtl/drb_al.sv", "tb/experiments/hybrid.py",
                        "tests/install_example.sh", "examples/vp/vp.cpp", "examples/vp/CMakeLists.txt"})
    EXPECT_TRUE(contains(w.checked, f)) << f << " was not checked";
  EXPECT_FALSE(contains(w.checked, "tests/fuzz/corpus/header/big")) << "a data file is not source";
}

// The sources the build writes: the commit file always, the SystemVerilog header package in RTL builds.
TEST(License, GeneratedSourcesCarryTheSpdxLine) {
  const Walk w = check_tree(fs::path(DRB_BINARY_DIR) / "generated");
  EXPECT_TRUE(w.missing.empty()) << joined(w.missing);
  EXPECT_TRUE(contains(w.checked, "commit.cpp"));
}

// The check itself: each file lacking the line (or carrying it too late, or in another language's comment)
// is named; correct files, non-source files and the skipped folders are not.
TEST(License, CheckNamesEachFileWithoutTheLine) {
  const fs::path root = fs::path(::testing::TempDir()) / "spdx_tree";
  fs::remove_all(root);
  const std::string c = "// " + kSpdx + "\n", sh = "# " + kSpdx + "\n";
  write(root / "ok.cpp", c + "int x;\n");
  write(root / "ok.py", "#!/usr/bin/python3\n" + sh + "print(1)\n");
  write(root / "ok_script", "#!/bin/sh\n" + sh + "true\n");
  write(root / "sub/CMakeLists.txt", sh + "project(x)\n");
  write(root / "notes.md", "no line needed\n");
  write(root / "missing.h", "#pragma once\n");
  write(root / "late.sv", "// module\n" + c);
  write(root / "wrong_comment.cmake", c);
  write(root / "sub/missing_script", "#!/bin/sh\ntrue\n");
  write(root / "sub/CMakeLists.txt.bak", "");  // not source
  write(root / "sub/empty.v", "");
  write(root / "build-x/skipped.cpp", "int y;\n");
  write(root / ".git/hooks/skipped.sh", "true\n");
  write(root / "sub/build/not_skipped.cpp", "int z;\n");  // only the top-level build*/ folders are build trees
  Walk w = check_tree(root);
  std::sort(w.missing.begin(), w.missing.end());
  std::vector<std::string> names;
  for (const std::string& m : w.missing) names.push_back(m.substr(0, m.find(':')));
  EXPECT_EQ(names, (std::vector<std::string>{"late.sv", "missing.h", "sub/build/not_skipped.cpp", "sub/empty.v",
                                             "sub/missing_script", "wrong_comment.cmake"}))
      << joined(w.missing);
  EXPECT_EQ(w.checked.size(), 10u) << joined(w.checked);
  fs::remove_all(root);
}

TEST(License, LicenseFileIsTheApacheTwoText) {
  const std::string text = drb::test::slurp(DRB_SOURCE_DIR "/LICENSE");
  EXPECT_NE(text.find("Apache License"), std::string::npos);
  EXPECT_NE(text.find("Version 2.0, January 2004"), std::string::npos);
  EXPECT_NE(text.find("END OF TERMS AND CONDITIONS"), std::string::npos) << "the whole text, not its title";
}

}  // namespace
