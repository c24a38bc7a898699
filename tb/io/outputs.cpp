// SPDX-License-Identifier: Apache-2.0
#include "tb/io/outputs.h"

#include <fcntl.h>
#include <spawn.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "tb/io/inputs.h"
#include "tb/io/key_error.h"

extern char** environ;

namespace drb {

namespace {

std::string why(int err) { return std::strerror(err); }

}  // namespace

// mkdir -p of path's folder; false with errno set if a part cannot be made.
bool make_parent(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
    const std::string dir = path.substr(0, slash);
    if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) return false;
  }
  return true;
}

void check_outputs(const std::vector<OutputFile>& outs, const std::vector<InputFile>& inputs) {
  std::vector<std::pair<const InputFile*, FileId>> in_ids;
  for (const InputFile& in : inputs) {
    FileId id;
    if (!in.path.empty() && file_id(in.path, id)) in_ids.push_back({&in, id});
  }
  std::vector<std::pair<struct stat, bool>> seen;  // and whether the file existed before the check
  for (size_t i = 0; i < outs.size(); ++i) {
    const OutputFile& o = outs[i];
    const std::string shown = "'" + printable(o.path) + "'";
    if (o.path.empty()) throw ConfigError(o.key, "empty file name");
    if (!make_parent(o.path)) throw ConfigError(o.key, "cannot create the folder of " + shown + ": " + why(errno));
    struct stat st {};
    const bool existed = stat(o.path.c_str(), &st) == 0;
    if (existed && S_ISDIR(st.st_mode)) throw ConfigError(o.key, shown + " is a directory");
    // Open for writing without truncating: an existing result stays intact until the run has finished.
    // Non-blocking: a FIFO with no reader is refused at once (ENXIO) instead of waiting for one.
    const int fd = open(o.path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0666);
    if (fd < 0)
      throw ConfigError(o.key, errno == ENXIO ? shown + " is a FIFO with no reader; results would wait forever"
                                              : "cannot write " + shown + ": " + why(errno));
    fstat(fd, &st);
    struct statfs fs {};
    const bool kernel_fs = fstatfs(fd, &fs) == 0 && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC);
    close(fd);
    if (!existed) unlink(o.path.c_str());
    if (kernel_fs) throw ConfigError(o.key, shown + " is a file of the kernel (/proc, /sys), not a place for results");
    const bool regular = S_ISREG(st.st_mode);  // devices such as /dev/null may take several outputs
    for (const auto& [in, id] : in_ids)
      if (regular && FileId{st.st_dev, st.st_ino} == id)
        throw ConfigError(o.key, shown + " is the file of " + in->key + "; writing it would destroy the input");
    for (size_t j = 0; j < i; ++j)
      if (regular && (outs[j].path == o.path || (existed && seen[j].second && seen[j].first.st_dev == st.st_dev &&
                                                 seen[j].first.st_ino == st.st_ino)))
        throw ConfigError(o.key, shown + " is also the file of " + outs[j].key);
    seen.push_back({st, existed});
  }
}

void write_output(const std::string& key, const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) throw OutputError(key, "cannot write '" + path + "': " + why(errno));
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int err = errno;
  const bool flushed = std::fflush(f) == 0;
  if (wrote && !flushed) err = errno;
  const bool closed = std::fclose(f) == 0;
  if (wrote && flushed && !closed) err = errno;
  if (!wrote || !flushed || !closed) throw OutputError(key, "cannot write '" + path + "': " + why(err));
}

void write_replacing(const std::string& key, const std::string& tmp, const std::string& path, const std::string& text) {
  write_output(key, tmp, text);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw OutputError(key, "cannot write '" + path + "': " + why(errno));
}

std::string own_executable() {
  char self[4096] = {0};
  return readlink("/proc/self/exe", self, sizeof self - 1) > 0 ? self : "";
}

int run_program(const std::vector<std::string>& argv, std::string* out, const ProgramPlace& place) {
  std::vector<char*> a;
  for (const std::string& s : argv) a.push_back(const_cast<char*>(s.c_str()));
  a.push_back(nullptr);
  // The environment: this process's, with place.env's NAME=value entries replacing or adding variables.
  std::vector<std::string> env_text;
  for (char** e = environ; *e; ++e) {
    const std::string v = *e;
    bool replaced = false;
    for (const std::string& x : place.env) replaced |= v.compare(0, x.find('=') + 1, x, 0, x.find('=') + 1) == 0;
    if (!replaced) env_text.push_back(v);
  }
  env_text.insert(env_text.end(), place.env.begin(), place.env.end());
  std::vector<char*> env;
  for (std::string& v : env_text) env.push_back(v.data());
  env.push_back(nullptr);
  std::fflush(nullptr);
  int fd[2] = {-1, -1};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  if (!place.cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, place.cwd.c_str());
  if (out) {  // its standard output into a pipe we read
    if (pipe(fd) != 0) return -1;
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addclose(&fa, fd[1]);
  }
  pid_t pid;
  const int rc = posix_spawnp(&pid, a[0], &fa, nullptr, a.data(), env.data());
  posix_spawn_file_actions_destroy(&fa);
  if (out) {
    close(fd[1]);
    char buf[4096];
    for (ssize_t n; rc == 0 && (n = read(fd[0], buf, sizeof buf)) > 0;) out->append(buf, static_cast<size_t>(n));
    close(fd[0]);
  }
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace drb
