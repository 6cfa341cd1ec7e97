#ifndef ENDLESS_BACKTRACE_SETTINGS_H
#define ENDLESS_BACKTRACE_SETTINGS_H

/// The file the Swift runtime was told, before it started, to write a crash's backtrace to
/// (see backtrace_settings.c), or NULL when it was not: not in a terminal, `SWIFT_BACKTRACE`
/// set by the person running the program, no state folder, or no environment entry to lend.
const char *endless_crash_report_path(void);

#endif
