#include "cli/contract_source.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace msgpack_gen::cli {
namespace {

// Runs `argv` without a shell, its stdout into `out` and its stderr into `err`; its exit status,
// or -1 when it could not be started.
int run(const char* const argv[], std::string& out, std::string& err) {
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0) return -1;
  if (pipe(err_pipe) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return -1;
  }
  const pid_t child = fork();
  if (child < 0) {
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    return -1;
  }
  if (child == 0) {
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
    execvp(argv[0], const_cast<char* const*>(argv));
    const char* why = std::strerror(errno);
    (void)!write(STDERR_FILENO, why, std::strlen(why));
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  // Read stderr after stdout: git show writes little to stderr, so it cannot fill its pipe while
  // stdout is drained.
  char chunk[4096];
  for (int fd : {out_pipe[0], err_pipe[0]}) {
    std::string& into = fd == out_pipe[0] ? out : err;
    for (;;) {
      const ssize_t n = read(fd, chunk, sizeof chunk);
      if (n > 0) {
        into.append(chunk, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        break;
      }
    }
    close(fd);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

}  // namespace

std::string read_contract_source(const std::string& spec, std::string& text) {
  static const std::string kGit = "git:";
  if (spec.rfind(kGit, 0) == 0) {
    const std::string rest = spec.substr(kGit.size());
    const std::size_t colon = rest.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size()) {
      return "'" + spec + "' is not git:REF:PATH (e.g. git:main:dto/dto.contract.json)";
    }
    const std::string object = rest;  // REF:PATH, as git show takes it
    const char* const argv[] = {"git", "show", object.c_str(), nullptr};
    std::string err;
    const int status = run(argv, text, err);
    if (status != 0) {
      return "git show " + object + " failed" +
             (status == 127 || status < 0 ? " (is git installed?)" : "") +
             (err.empty() ? std::string() : ": " + trimmed(err));
    }
    return {};
  }
  std::ifstream in(spec, std::ios::binary);
  if (!in) return "cannot read the contract " + spec;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return "cannot read the contract " + spec;
  return {};
}

}  // namespace msgpack_gen::cli
