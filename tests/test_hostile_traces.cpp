// SPDX-License-Identifier: Apache-2.0
// Hostile input around traces (docs/robustness.md, "Traces and the library"): traffic.trace is read twice
// (checked, then replayed), so only a regular file is taken, through a bounded line reader; out.trace is
// checked like every output, never the trace it replays however spelled, and its writes are checked.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include "tests/hostile.h"

using namespace drb::test;

namespace {

using V = std::vector<std::string>;

// Traces (traffic.trace, read twice: checked, then replayed) and the recorded trace (out.trace).
const std::string kTraceText = "0 0 5 4\n3 5 0 2 0\n7 1 2 1\n";
std::string trace_file() { return file("in.trace", kTraceText); }
V trace_run(const std::vector<std::string>& a) {
  return with(a, {"topology.k=4", "traffic.pattern=trace", "sim.warmup=0", "stats.links=false"});
}
// A pipe as a path (/dev/fd/N, inherited by drbsim): holding `text` and its end (the write end closed), or,
// for an output, with no reader.
std::string pipe_in(const std::string& text) {
  int fd[2];
  if (pipe(fd) != 0) return "/nonexistent/pipe";
  if (write(fd[1], text.data(), text.size()) < 0) return "/nonexistent/pipe";
  close(fd[1]);
  return "/dev/fd/" + std::to_string(fd[0]);
}
std::string pipe_out_no_reader() {
  int fd[2];
  if (pipe(fd) != 0) return "/nonexistent/pipe";
  close(fd[0]);
  return "/dev/fd/" + std::to_string(fd[1]);
}
const char* kNotRegular = "is not a regular file";

INSTANTIATE_TEST_SUITE_P(
    Traces, Hostile,
    ::testing::Values(
        // Read by the check and gone for the replay, which offered nothing and exited 0.
        Case{"trace_pipe", [] { return trace_run({"traffic.trace=" + pipe_in(kTraceText)}); }, "traffic.trace", 2,
             kNotRegular},
        Case{"trace_fifo_no_writer", [] { return trace_run({"traffic.trace=" + fifo("nowriter.trace")}); },
             "traffic.trace", 2, kNotRegular},
        Case{"trace_dev_null", [] { return trace_run({"traffic.trace=/dev/null"}); }, "traffic.trace", 2, kNotRegular},
        Case{"trace_dev_zero", [] { return trace_run({"traffic.trace=/dev/zero"}); }, "traffic.trace", 2, kNotRegular},
        Case{"trace_directory", [] { return trace_run({"traffic.trace=" + ::testing::TempDir()}); }, "traffic.trace", 2,
             "is a directory"},
        Case{"trace_proc_version", [] { return trace_run({"traffic.trace=/proc/version"}); }, "traffic.trace", 2,
             "line 1: "},
        Case{"trace_unreadable", [] { return trace_run({"traffic.trace=" + unwritable("x.trace")}); }, "traffic.trace",
             2,
             "cannot read"},
        Case{"trace_nul_in_line",
             [] { return trace_run({"traffic.trace=" + file("nul.trace", std::string("0 1 2 3\0 4 5 6\n", 15))}); },
             "traffic.trace", 2, "line 1: holds a NUL byte"},
        Case{"trace_nul_after_lines",
             [] { return trace_run({"traffic.trace=" + file("nul2.trace", kTraceText + std::string("\0", 1))}); },
             "traffic.trace", 2, "line 4: holds a NUL byte"},
        Case{"trace_long_line",
             [] {
               return trace_run({"traffic.trace=" + file("long.trace", "0 1 2 3 " + std::string(5000, '1') + "\n")});
             },
             "traffic.trace", 2, "line 1: longer than 4096 characters"},
        // The window ends with the trace: a last cycle of 2^50 was blamed on a window key the user never set.
        Case{"trace_last_cycle_2_50",
             [] { return trace_run({"traffic.trace=" + file("late.trace", "0 1 2 3\n1125899906842624 2 1 3\n")}); },
             "traffic.trace", 2, "its last message is at cycle 1125899906842624"},
        Case{"trace_past_max_cycles",
             [] { return trace_run({"traffic.trace=" + trace_file(), "sim.max_cycles=5"}); }, "traffic.trace", 2,
             "would last 8 cycles, more than sim.max_cycles = 5"}),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    TraceOutputs, Hostile,
    ::testing::Values(
        Case{"out_trace_is_the_trace",
             [] { const std::string t = trace_file(); return trace_run({"traffic.trace=" + t, "out.trace=" + t}); },
             "out.trace", 2, "is the file of traffic.trace"},
        Case{"out_trace_disk_full", [] { return with({"out.trace=/dev/full"}); }, "out.trace", 3, "No space left"},
        Case{"out_trace_disk_full_replay",
             [] { return trace_run({"traffic.trace=" + trace_file(), "out.trace=/dev/full"}); },
             "out.trace", 3, "No space left"},
        Case{"out_trace_proc_version", [] { return with({"out.trace=/proc/version"}); }, "out.trace", 2, "kernel"},
        Case{"out_trace_fifo_no_reader", [] { return with({"out.trace=" + fifo("noreader.trace")}); }, "out.trace", 2,
             "no reader"},
        // A pipe (unlike a FIFO) opens for writing with no reader: its first write fails.
        Case{"out_trace_pipe_no_reader", [] { return with({"out.trace=" + pipe_out_no_reader()}); }, "out.trace", 3,
             "Broken pipe"},
        Case{"out_trace_unwritable", [] { return with({"out.trace=" + unwritable("o.trace")}); }, "out.trace", 2},
        Case{"out_trace_directory", [] { return with({"out.trace=" + ::testing::TempDir()}); }, "out.trace", 2,
             "is a directory"},
        Case{"out_trace_and_json_same",
             [] { return with({"out.trace=" + tmp("both.out"), "out.json=" + tmp("both.out")}); },
             "out.trace"},
        // Accepted and never written: the closed loop's requests follow the deliveries of the run that made them.
        Case{"out_trace_closed_loop",
             [] { return V{"topology.k=4", "traffic.closed.active=0.5", "out.trace=" + tmp("closed.trace")}; },
             "out.trace", 2, "closed-loop"}),
    case_name);

// out.trace naming the replayed trace, however spelled (the path, ./name, a/../a/name, a hard link, a symbolic
// link), is refused before anything runs: the trace is intact. It truncated the trace, a 200,000-line one to 782.
TEST(HostileRuns, OutTraceNeverDestroysTheTrace) {
  std::string text;
  for (int i = 0; i < 200000; ++i)
    text += std::to_string(i / 20) + " " + std::to_string(i % 16) + " " + std::to_string((i + 1) % 16) + " 1\n";
  const std::string dir = ::testing::TempDir(), t = file("keep.trace", text), link = tmp("keep_link.trace");
  const std::string sym = tmp("keep_sym.trace"), folder = dir.substr(dir.find_last_of('/', dir.size() - 2) + 1);
  std::remove(link.c_str());
  std::remove(sym.c_str());
  ASSERT_EQ(::link(t.c_str(), link.c_str()), 0);
  ASSERT_EQ(symlink(t.c_str(), sym.c_str()), 0);
  char cwd[4096];
  ASSERT_NE(getcwd(cwd, sizeof cwd), nullptr);
  ASSERT_EQ(chdir(dir.c_str()), 0);  // for the ./ spelling (each test runs in its own process)
  const std::string base = t.substr(t.find_last_of('/') + 1);
  for (const std::string& out : {t, "./" + base, dir + "/../" + folder + "/" + base, link, sym}) {
    const Exec e = drbsim_argv(trace_run({"traffic.trace=" + t, "out.trace=" + out}), 60);
    EXPECT_EQ(e.code, 2) << out << ": " << e.err;
    EXPECT_EQ(e.err.rfind("drbsim: error: out.trace: ", 0), 0u) << out << ": " << e.err;
    EXPECT_EQ(slurp(t), text) << "the trace was written through " << out;
  }
  ASSERT_EQ(chdir(cwd), 0);
  for (const std::string& f : {t, link, sym}) std::remove(f.c_str());  // 2.4 MB, named per process
}

// What a refusal leaves: an existing out.trace untouched, none created; a recording that works is written whole.
TEST(HostileRuns, OutTraceRefusalWritesNothing) {
  const std::string t = trace_file(), old = file("old_out.trace", "kept\n"), fresh = tmp("fresh_out.trace");
  std::remove(fresh.c_str());
  for (const std::string& out : {old, fresh}) {
    const Exec e = drbsim_argv(trace_run({"traffic.trace=" + t, "out.trace=" + out, "out.json=" + t}), 60);
    EXPECT_EQ(e.code, 2) << e.err;
  }
  EXPECT_EQ(slurp(old), "kept\n");
  EXPECT_FALSE(exists(fresh));
  EXPECT_EQ(slurp(t), kTraceText);
  // /dev/null takes a recording (nothing to keep); a regular file gets every message at the cycle it was offered.
  // 4x4 torus, default pipeline: message 0 (0 -> 5, 2 hops, 4 flits) arrives at 1 + 3 x 4 + 2 + 1 + 3 = 19, so
  // its reply (5 -> 0) goes at 20, after message 2 (cycle 7).
  EXPECT_EQ(drbsim_argv(trace_run({"traffic.trace=" + t, "out.trace=/dev/null"}), 60).code, 0);
  const Exec e = drbsim_argv(trace_run({"traffic.trace=" + t, "out.trace=" + fresh}), 60);
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(slurp(fresh), "# cycle source destination length\n0 0 5 4\n7 1 2 1\n20 5 0 2\n");
}

}  // namespace
