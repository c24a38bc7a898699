// SPDX-License-Identifier: Apache-2.0
// Output files: checked before anything is simulated (the folder can be made, the file opened for writing,
// no two outputs and no input share a path) and written with every error reported. Helper programs (the
// plotting script, sbatch) run from an argument vector: no user string ever reaches a shell.
#pragma once
#include <string>
#include <vector>

#include "tb/io/inputs.h"
#include "tb/io/key_error.h"

namespace drb {

struct OutputFile {
  std::string key, path;
};

// ConfigError naming the key if an output cannot be written, is a directory, a FIFO with no reader or a
// kernel file, is one of the inputs (by identity, however spelled), or is shared by two keys. Creates missing
// parent folders; leaves no file behind that was not there.
void check_outputs(const std::vector<OutputFile>& outs, const std::vector<InputFile>& inputs);
// Write text to path; OutputError(key, ...) on any failure (including a full disk at close).
void write_output(const std::string& key, const std::string& path, const std::string& text);
// Write text to tmp and rename it onto path, so that a reader finds the old file or the whole new one (a
// Slurm task's result, a kept run); OutputError(key, ...) on any failure.
void write_replacing(const std::string& key, const std::string& tmp, const std::string& path, const std::string& text);
// The running program's own path (/proc/self/exe), or "" if it cannot be read.
std::string own_executable();
// Where a program runs: its working folder (empty: ours) and NAME=value variables added to our environment.
struct ProgramPlace {
  std::string cwd;
  std::vector<std::string> env;
};
// Run a program with these arguments (argv[0]: a path, or a name looked up on PATH) and wait: its exit
// status, or -1 if it could not be started or did not exit normally. With out, its standard output lands there.
int run_program(const std::vector<std::string>& argv, std::string* out = nullptr, const ProgramPlace& place = {});
// mkdir -p of path's folder (everything before its last '/'); false with errno set if a part cannot be made.
bool make_parent(const std::string& path);

}  // namespace drb
