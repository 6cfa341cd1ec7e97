// Where the Swift runtime writes the backtrace of a crash of `endless` run in a terminal: a
// file in the state folder, not the terminal, and with no 30-second "Press space to interact"
// prompt in between.
//
// Why it is done here, in C, before anything else runs: the runtime reads SWIFT_BACKTRACE once,
// in an initializer of libswiftCore that runs before any Swift code, and then write-protects
// what it read; nothing `main` does can change where a report goes or whether it waits for a
// key. Setting the variable and executing the program again would cost a second process start
// (a launch from the cache is within 1.2x of `endless --help`, which is mostly that start).
//
// What runs before libswiftCore's initializer: this executable's DT_PREINIT_ARRAY, which the
// dynamic linker calls before the initializer of any library. `setenv` there is undone: libc's
// own initializer, which runs next, points `environ` back at the array the kernel passed. That
// array cannot grow, but one of its entries can be lent: `lend_entry` points it at the
// setting, the runtime reads it while the libraries initialize, and `give_back`, a
// constructor of this executable (which runs after every library's), puts the entry back.
// The program and its children never see the setting; the lent variable is missing only while
// libraries initialize, so it is one that none of them reads then (`_`, `SHLVL`, `OLDPWD` or
// `PWD`, else any not named like a library's or the C library's settings).
//
// Nothing is lent, and the runtime keeps its defaults, when standard input or output is not a
// terminal (tests and CI read the report on standard error), when SWIFT_BACKTRACE is set
// (whoever set it chose), or when there is no state folder to name.
//
// libc is not initialized when `lend_entry` runs: no stdio, locale or time zone code there;
// strings and numbers are put together by hand.

#include "BacktraceSettings.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SETTING_CAPACITY 4096

// symbolicate=fast: function names without inline frames or source lines, so that the process
// ends soon after the terminal is restored. Full symbolication took 2 s for a release build on a
// loaded machine (1.1-1.5 s for a debug one), fast 0.25 s (0.5 s).
// warnings=suppressed: a static endless copied without the swift-backtrace beside it had the
// runtime say so on every start, on the terminal the app is about to draw on; the crash line
// says it instead, when it matters (CrashReport).
static const char setting_prefix[] =
  "SWIFT_BACKTRACE=enable=yes,interactive=no,color=no,symbolicate=fast,warnings=suppressed,output-to=";
static char setting[SETTING_CAPACITY];
static char *crash_report_path;
// Volatile: `lend_entry` writes them before any constructor runs, which an optimizer does not
// know. Clang at -O2 evaluates constructors at compile time from the globals' initial values:
// it read lent_slot as NULL, found `give_back` did nothing, and left it out of the release
// build, whose children then saw the setting instead of the lent entry.
static char **volatile lent_slot;
static char *volatile lent_value;

const char *endless_crash_report_path(void) { return crash_report_path; }

static bool starts_with(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

/// The value of `name` in `envp`, or NULL.
static const char *value_of(char **envp, const char *name) {
  size_t length = strlen(name);
  for (char **entry = envp; *entry; entry++) {
    if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=') return *entry + length + 1;
  }
  return NULL;
}

/// Appends text to `setting` at `*used`; false when it does not fit.
static bool append(size_t *used, const char *text) {
  size_t length = strlen(text);
  if (*used + length >= SETTING_CAPACITY) return false;
  memcpy(setting + *used, text, length);
  *used += length;
  setting[*used] = 0;
  return true;
}

/// Appends `value` in decimal, at least `digits` digits.
static bool append_number(size_t *used, unsigned long long value, int digits) {
  char reversed[24];
  int count = 0;
  do {
    reversed[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0 && count < 20);
  while (count < digits && count < 20) reversed[count++] = '0';
  char text[24];
  for (int index = 0; index < count; index++) text[index] = reversed[count - 1 - index];
  text[count] = 0;
  return append(used, text);
}

/// `crash-YYYYMMDDTHHMMSSZ-<pid>.log`, in UTC: the launch's time (the file's own date is the
/// crash's), computed without the C library's time zone code, which is not ready yet.
static bool append_file_name(size_t *used) {
  long long seconds = (long long)time(NULL);
  long long days = seconds / 86400;
  long long second_of_day = seconds % 86400;
  // Howard Hinnant's civil_from_days.
  long long shifted = days + 719468;
  long long era = (shifted >= 0 ? shifted : shifted - 146096) / 146097;
  long long day_of_era = shifted - era * 146097;
  long long year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  long long day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  long long month_index = (5 * day_of_year + 2) / 153;
  long long day = day_of_year - (153 * month_index + 2) / 5 + 1;
  long long month = month_index < 10 ? month_index + 3 : month_index - 9;
  long long year = year_of_era + era * 400 + (month <= 2);
  return append(used, "/crash-") && append_number(used, (unsigned long long)year, 4)
    && append_number(used, (unsigned long long)month, 2) && append_number(used, (unsigned long long)day, 2)
    && append(used, "T") && append_number(used, (unsigned long long)(second_of_day / 3600), 2)
    && append_number(used, (unsigned long long)(second_of_day / 60 % 60), 2)
    && append_number(used, (unsigned long long)(second_of_day % 60), 2) && append(used, "Z-")
    && append_number(used, (unsigned long long)getpid(), 1) && append(used, ".log");
}

/// The entry to lend: one no library reads while it initializes.
static char **entry_to_lend(char **envp) {
  static const char *const preferred[] = {"_=", "SHLVL=", "OLDPWD=", "PWD="};
  for (size_t index = 0; index < sizeof(preferred) / sizeof(preferred[0]); index++) {
    for (char **entry = envp; *entry; entry++) {
      if (starts_with(*entry, preferred[index])) return entry;
    }
  }
  // Settings read as libraries load: the dynamic linker's and the C library's, the Swift
  // runtime's and Dispatch's, GLib's (chafa), OpenSSL's, the locale and the time zone.
  static const char *const read_while_loading[] = {
    "LD_", "GLIBC_", "MALLOC_", "SWIFT_", "LIBDISPATCH", "DISPATCH_", "G_", "GLIB", "GIO", "OPENSSL",
    "SSL_", "CURL", "ICU", "LANG", "LC_", "TZ", "HOME=", "XDG_", "TMPDIR=", "PATH=", "CHAFA"};
  char **candidate = NULL;
  for (char **entry = envp; *entry; entry++) {
    bool read = false;
    for (size_t index = 0; index < sizeof(read_while_loading) / sizeof(read_while_loading[0]); index++) {
      if (starts_with(*entry, read_while_loading[index])) read = true;
    }
    if (!read) candidate = entry;
  }
  return candidate;
}

static void lend_entry(int argc, char **argv, char **envp) {
  (void)argc;
  (void)argv;
  if (envp == NULL || value_of(envp, "SWIFT_BACKTRACE") != NULL) return;
  if (isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1) return;
  size_t used = 0;
  const char *state = value_of(envp, "XDG_STATE_HOME");
  const char *home = value_of(envp, "HOME");
  bool built = append(&used, setting_prefix);
  size_t path_start = used;
  // The XDG base directory rules: a relative XDG_STATE_HOME is ignored.
  if (state != NULL && state[0] == '/') {
    built = built && append(&used, state) && append(&used, "/endless");
  } else if (home != NULL && home[0] == '/') {
    built = built && append(&used, home) && append(&used, "/.local/state/endless");
  } else {
    return;
  }
  built = built && append_file_name(&used);
  // A comma would end the setting's value.
  if (!built || strchr(setting + path_start, ',') != NULL) return;
  char **slot = entry_to_lend(envp);
  if (slot == NULL) return;
  lent_slot = slot;
  lent_value = *slot;
  *slot = setting;
  crash_report_path = setting + path_start;
}

static void give_back(void) {
  if (lent_slot == NULL) return;
  *lent_slot = lent_value;
  // A library that called setenv while loading made `environ` a copy, with the setting in it.
  const char *seen = getenv("SWIFT_BACKTRACE");
  if (seen == setting + strlen("SWIFT_BACKTRACE=")) {
    unsetenv("SWIFT_BACKTRACE");
    putenv(lent_value);
  }
}

__attribute__((section(".preinit_array"), used)) static void (*const lend_before_libraries)(int, char **, char **) =
  lend_entry;
__attribute__((constructor)) static void give_back_after_libraries(void) { give_back(); }
