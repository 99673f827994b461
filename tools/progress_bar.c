/* One display of a table job on stderr, shared by every thread that reports to it (a lock around each
 * report). The library sends the overall fraction, the stage and the elapsed time; the time left is
 * elapsed * (1 - fraction) / fraction, shown once the job has run a second and done 2%. */
#include "progress_bar.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "terminal.h"

enum { BAR_WIDTH = 20, QUIET_US = 500000 };

static pthread_mutex_t bar_lock = PTHREAD_MUTEX_INITIALIZER;

/* The job as last reported. */
static struct {
    int tty;          /* stderr is a terminal (-1: not asked yet) */
    int shown;        /* the display began: the job has run QUIET_US */
    double fraction;  /* of the whole job, never going back */
    int64_t elapsed_us;
    char stage[128];  /* escaped */
    int step;         /* plain lines: the last 10% step printed */
} job = {-1, 0, 0.0, 0, "", 0};

/* Read by the signal handler: whether the terminal's last line is the bar, and the signal caught. */
static volatile sig_atomic_t bar_drawn;
static volatile sig_atomic_t caught;
static cube_cancel *volatile token;

static const char erase_line[] = "\r\033[K";
static char drawn[256]; /* the bar as last drawn */

/* A stop request (terminal.h): erases the bar; the first one cancels the token (handled), else the process
 * ends as by default. */
static int erase_bar_and_cancel(int sig) {
    if (bar_drawn) {
        terminal_write_stderr(erase_line, sizeof erase_line - 1);
        bar_drawn = 0;
    }
    if (token && !caught) {
        caught = sig;
        cube_cancel_trigger(token);
        return 1;
    }
    return 0;
}

static void set_handlers(void) { terminal_stop_handler_set(erase_bar_and_cancel); }

static int on_terminal(void) {
    if (job.tty < 0) job.tty = terminal_is(2);
    return job.tty;
}

/* "m:ss" of the time left, or "" while it cannot be estimated yet. */
static void time_left(char *out, size_t capacity) {
    out[0] = '\0';
    if (job.fraction < 0.02 || job.fraction >= 1.0 || job.elapsed_us < 1000000) return;
    long seconds = (long)(job.elapsed_us / 1e6 * (1.0 - job.fraction) / job.fraction + 0.5);
    snprintf(out, capacity, "%ld:%02ld", seconds / 60, seconds % 60);
}

/* The whole part of a product of the fraction. The epsilon: i386's x87 keeps 0.12 * 100.0 as 11.99... in its
 * wider registers where SSE rounds it to 12, so without it the same fraction printed 11% there (found by the
 * i386 suite). */
static int whole(double product) { return (int)(product + 1e-9); }

static int percent(void) { return whole(job.fraction * 100.0); }

static void draw_bar(void) {
    static const char hashes[] = "####################";
    char left[32], line[256];
    time_left(left, sizeof left);
    int filled = whole(job.fraction * BAR_WIDTH);
    snprintf(line, sizeof line, "[%.*s%*s] %3d%%  %-10s %s", filled, hashes, BAR_WIDTH - filled, "", percent(),
             left[0] ? strcat(left, " left") : "", job.stage);
    int width = terminal_width() - 1;
    if ((int)strlen(line) > width) line[width] = '\0';
    if (bar_drawn && strcmp(line, drawn) == 0) return; /* the same line again */
    fprintf(stderr, "\r%s%s", line, erase_line + 1);
    snprintf(drawn, sizeof drawn, "%s", line);
    bar_drawn = 1;
}

static void plain_line(void) {
    char left[32];
    time_left(left, sizeof left);
    fprintf(stderr, "cube: 3x3 tables: %d%%%s%s%s (%s)\n", percent(), left[0] ? ", about " : "", left,
            left[0] ? " left" : "", job.stage);
    job.step = percent() / 10;
}

static void erase_bar(void) {
    if (!bar_drawn) return;
    fputs(erase_line, stderr);
    bar_drawn = 0;
}

/* Forgets the job: the next report starts a new one. */
static void forget_job(void) {
    job.shown = 0;
    job.fraction = 0.0;
    job.elapsed_us = 0;
    job.stage[0] = '\0';
}

/* The job reported fraction 1: its line says how long it took. */
static void finish(void) {
    if (job.shown) {
        erase_bar();
        fprintf(stderr, "cube: 3x3 tables: done in %.1f s\n", job.elapsed_us / 1e6);
    }
    forget_job();
}

void progress_stage(const cube_progress *p) {
    pthread_mutex_lock(&bar_lock);
    if (!caught) {
        if (p->elapsed_us < job.elapsed_us) forget_job(); /* a job that failed was followed by another */
        int new_stage = strncmp(job.stage, p->stage, sizeof job.stage - 1) != 0;
        double f = p->fraction < 0.0 ? 0.0 : p->fraction;
        if (f > job.fraction) job.fraction = f > 1.0 ? 1.0 : f;
        job.elapsed_us = p->elapsed_us;
        cli_escape(p->stage, job.stage, sizeof job.stage);
        if (f >= 1.0) {
            finish();
        } else if (job.shown || p->elapsed_us >= QUIET_US) {
            int first = !job.shown;
            job.shown = 1;
            if (on_terminal()) {
                set_handlers();
                draw_bar();
            } else if (first || new_stage || percent() / 10 > job.step) {
                plain_line();
            }
        }
    }
    pthread_mutex_unlock(&bar_lock);
}

void progress_notice(const char *text) {
    char shown[1024];
    cli_escape(text, shown, sizeof shown);
    pthread_mutex_lock(&bar_lock);
    int redraw = bar_drawn;
    erase_bar();
    fprintf(stderr, "cube: %s\n", shown);
    if (redraw) draw_bar();
    pthread_mutex_unlock(&bar_lock);
}

int32_t progress_report(void *unused, const cube_progress *p) {
    (void)unused;
    if (p->event == CUBE_PROGRESS_NOTICE)
        progress_notice(p->stage);
    else
        progress_stage(p);
    return caught != 0;
}

void progress_clear(void) {
    pthread_mutex_lock(&bar_lock);
    erase_bar();
    pthread_mutex_unlock(&bar_lock);
}

void progress_end(void) {
    pthread_mutex_lock(&bar_lock);
    erase_bar();
    forget_job();
    pthread_mutex_unlock(&bar_lock);
}

void progress_cancel_on_signals(cube_cancel *cancel) {
    pthread_mutex_lock(&bar_lock);
    token = cancel;
    set_handlers();
    pthread_mutex_unlock(&bar_lock);
}

int progress_signal(void) { return caught; }
