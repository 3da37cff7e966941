// The tests' process starter (see spawner.ts): a small long-lived process that starts the commands a
// vitest worker runs synchronously, so that the worker (100-130 MB) is not forked for each of them.
// node 20 starts a process with fork(), which copies the page tables of the whole worker and makes
// every page the worker writes afterwards fault once; posix_spawn here shares this process's few pages.
//
// One request at a time on the request FIFO, one answer on the answer FIFO, both made by this process
// in the directory it is given. Numbers are 32-bit, native byte order; strings carry their length.
//   request: cwd, file, argc, argv..., envc, env..., stdin mode (0 /dev/null, 1 a pipe fed with the
//            input that follows), input
//   answer:  state (0 exited, 1 killed by a signal, 2 not started: errno in the next number),
//            code, pid, stdout, stderr
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int req, res;

static void readAll(void *buf, size_t n) {
  char *p = buf;
  while (n) {
    ssize_t r = read(req, p, n);
    if (r == 0) _exit(0); // the worker is gone
    if (r < 0) {
      if (errno == EINTR) continue;
      _exit(1);
    }
    p += r;
    n -= (size_t)r;
  }
}

static void writeAll(const void *buf, size_t n) {
  const char *p = buf;
  while (n) {
    ssize_t r = write(res, p, n);
    if (r < 0) {
      if (errno == EINTR) continue;
      _exit(1);
    }
    p += r;
    n -= (size_t)r;
  }
}

static uint32_t num(void) {
  uint32_t n;
  readAll(&n, 4);
  return n;
}

static char *str(uint32_t *len) {
  uint32_t n = num();
  char *s = malloc(n + 1);
  if (!s) _exit(1);
  readAll(s, n);
  s[n] = 0;
  if (len) *len = n;
  return s;
}

static void put(uint32_t n) { writeAll(&n, 4); }

typedef struct {
  char *data;
  size_t len, cap;
} Buf;

static void grow(Buf *b, const char *p, size_t n) {
  if (b->len + n > b->cap) {
    b->cap = (b->len + n) * 2 + 4096;
    b->data = realloc(b->data, b->cap);
    if (!b->data) _exit(1);
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  signal(SIGPIPE, SIG_IGN);
  char path[4096];
  snprintf(path, sizeof path, "%s/req", argv[1]);
  if (mkfifo(path, 0600) && errno != EEXIST) return 1;
  char answer[4096];
  snprintf(answer, sizeof answer, "%s/res", argv[1]);
  if (mkfifo(answer, 0600) && errno != EEXIST) return 1;
  // The worker opens them in the same order: request, then answer.
  req = open(path, O_RDONLY | O_CLOEXEC);
  res = open(answer, O_WRONLY | O_CLOEXEC);
  if (req < 0 || res < 0) return 1;
  for (;;) {
    char *cwd = str(NULL);
    char *file = str(NULL);
    uint32_t nargs = num();
    char **args = calloc(nargs + 1, sizeof *args);
    for (uint32_t i = 0; i < nargs; i++) args[i] = str(NULL);
    uint32_t nenv = num();
    char **env = calloc(nenv + 1, sizeof *env);
    for (uint32_t i = 0; i < nenv; i++) env[i] = str(NULL);
    uint32_t piped = num();
    uint32_t inLen;
    char *input = str(&inLen);

    int in[2] = {-1, -1}, out[2], err[2];
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (piped) {
      if (pipe2(in, O_CLOEXEC)) _exit(1);
      posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    } else {
      posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    }
    if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) _exit(1);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    posix_spawn_file_actions_addchdir_np(&fa, cwd);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // The child starts with default signal handling and an empty mask, as node's children do.
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    // The file is looked up on the PATH of the environment given, as node does.
    char *savedPath = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    for (uint32_t i = 0; i < nenv; i++)
      if (!strncmp(env[i], "PATH=", 5)) setenv("PATH", env[i] + 5, 1);
    pid_t pid;
    int failed = posix_spawnp(&pid, file, &fa, &attr, args, env);
    if (savedPath) setenv("PATH", savedPath, 1), free(savedPath);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (piped) close(in[0]);
    close(out[1]);
    close(err[1]);

    Buf o = {0}, e = {0};
    int status = 0;
    if (!failed) {
      size_t fed = 0;
      int inFd = piped ? in[1] : -1;
      if (inFd >= 0 && inLen == 0) close(inFd), inFd = -1;
      if (inFd >= 0) fcntl(inFd, F_SETFL, O_NONBLOCK);
      int outFd = out[0], errFd = err[0];
      char chunk[65536];
      while (outFd >= 0 || errFd >= 0 || inFd >= 0) {
        struct pollfd p[3];
        int n = 0, io = -1, oo = -1, eo = -1;
        if (inFd >= 0) p[io = n++] = (struct pollfd){inFd, POLLOUT, 0};
        if (outFd >= 0) p[oo = n++] = (struct pollfd){outFd, POLLIN, 0};
        if (errFd >= 0) p[eo = n++] = (struct pollfd){errFd, POLLIN, 0};
        if (poll(p, n, -1) < 0) {
          if (errno == EINTR) continue;
          _exit(1);
        }
        if (io >= 0 && p[io].revents) {
          ssize_t w = write(inFd, input + fed, inLen - fed);
          if (w > 0) fed += (size_t)w;
          if (w < 0 && errno != EAGAIN && errno != EINTR) fed = inLen; // the child closed its input
          if (fed >= inLen) close(inFd), inFd = -1;
        }
        if (oo >= 0 && p[oo].revents) {
          ssize_t r = read(outFd, chunk, sizeof chunk);
          if (r > 0) grow(&o, chunk, (size_t)r);
          else if (r == 0 || errno != EINTR) close(outFd), outFd = -1;
        }
        if (eo >= 0 && p[eo].revents) {
          ssize_t r = read(errFd, chunk, sizeof chunk);
          if (r > 0) grow(&e, chunk, (size_t)r);
          else if (r == 0 || errno != EINTR) close(errFd), errFd = -1;
        }
      }
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
    } else {
      if (piped) close(in[1]);
      close(out[0]);
      close(err[0]);
    }

    if (failed) {
      put(2);
      put((uint32_t)failed);
      put(0);
    } else if (WIFSIGNALED(status)) {
      put(1);
      put((uint32_t)WTERMSIG(status));
      put((uint32_t)pid);
    } else {
      put(0);
      put((uint32_t)WEXITSTATUS(status));
      put((uint32_t)pid);
    }
    put((uint32_t)o.len);
    writeAll(o.data ? o.data : "", o.len);
    put((uint32_t)e.len);
    writeAll(e.data ? e.data : "", e.len);
    free(o.data);
    free(e.data);
    free(cwd);
    free(file);
    for (uint32_t i = 0; i < nargs; i++) free(args[i]);
    free(args);
    for (uint32_t i = 0; i < nenv; i++) free(env[i]);
    free(env);
    free(input);
  }
}
