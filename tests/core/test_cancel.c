/* Cancel tokens: new, trigger, reset, is_triggered, free; bad handles; triggering from a signal handler. */
#define _POSIX_C_SOURCE 200809L /* sigaction */
#include <signal.h>

#include "test_util.h"

static int32_t triggered_of(const cube_cancel *token) {
    int32_t triggered = -1;
    assert_int_equal(cube_cancel_is_triggered(token, &triggered), CUBE_OK);
    return triggered;
}

static void trigger_and_reset(void **unused) {
    (void)unused;
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    assert_non_null(token);
    assert_int_equal(triggered_of(token), 0);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    assert_int_equal(triggered_of(token), 1);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK); /* twice is fine */
    assert_int_equal(triggered_of(token), 1);
    assert_int_equal(cube_cancel_reset(token), CUBE_OK);
    assert_int_equal(triggered_of(token), 0);
    assert_int_equal(cube_cancel_reset(token), CUBE_OK); /* resetting an untriggered token too */
    assert_int_equal(triggered_of(token), 0);
    cube_cancel_free(token);
    cube_cancel_free(NULL);
}

static void tokens_are_independent(void **unused) {
    (void)unused;
    cube_cancel *a = NULL, *b = NULL;
    assert_int_equal(cube_cancel_new(&a), CUBE_OK);
    assert_int_equal(cube_cancel_new(&b), CUBE_OK);
    assert_ptr_not_equal(a, b);
    assert_int_equal(cube_cancel_trigger(a), CUBE_OK);
    assert_int_equal(triggered_of(a), 1);
    assert_int_equal(triggered_of(b), 0);
    cube_cancel_free(a);
    cube_cancel_free(b);
}

static void null_and_bad_handles_are_refused(void **unused) {
    (void)unused;
    uint64_t zeros[16] = {0};
    cube_cancel *bad = (cube_cancel *)(void *)zeros;
    cube_state *state = state_after(3, "R");
    cube_cancel *wrong_kind = (cube_cancel *)(void *)state;
    assert_refused(cube_cancel_new(NULL), "NULL");
    assert_refused(cube_cancel_reset(NULL), "NULL");
    assert_refused(cube_cancel_reset(bad), "not a valid handle");
    assert_refused(cube_cancel_reset(wrong_kind), "not a valid handle");
    int32_t triggered = 7;
    assert_refused(cube_cancel_is_triggered(NULL, &triggered), "NULL");
    assert_int_equal(triggered, 0);
    triggered = 7;
    assert_refused(cube_cancel_is_triggered(bad, &triggered), "not a valid handle");
    assert_int_equal(triggered, 0);
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    assert_refused(cube_cancel_is_triggered(token, NULL), "NULL");
    /* Trigger refuses bad handles without touching the message (it must stay async-signal-safe). */
    cube_clear_error();
    assert_int_equal(cube_cancel_trigger(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_cancel_trigger(bad), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_cancel_trigger(wrong_kind), CUBE_ERROR_INVALID_ARGUMENT);
    assert_string_equal(cube_last_error(), "");
    assert_int_equal(cube_last_status(), CUBE_OK);
    cube_cancel_free(bad);        /* ignored: not a token */
    cube_cancel_free(wrong_kind); /* ignored: not a token */
    assert_int_equal(state_size_of(state), 3);
    assert_int_equal(triggered_of(token), 0);
    cube_cancel_free(token);
    cube_state_free(state);
}

/* ---- triggering from a signal handler ---- */

static cube_cancel *signal_token;
static volatile sig_atomic_t handler_status = 1;

static void trigger_on_signal(int signal_number) {
    (void)signal_number;
    handler_status = (sig_atomic_t)cube_cancel_trigger(signal_token);
}

/* Installs the handler for `signal_number`, raises it and checks that the handler triggered the token. */
static void check_trigger_from_signal(int signal_number) {
    assert_int_equal(cube_cancel_new(&signal_token), CUBE_OK);
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = trigger_on_signal;
    sigemptyset(&action.sa_mask);
    assert_int_equal(sigaction(signal_number, &action, &previous), 0);
    handler_status = 1;
    assert_int_equal(raise(signal_number), 0);
    assert_int_equal(sigaction(signal_number, &previous, NULL), 0);
    assert_int_equal(handler_status, CUBE_OK);
    assert_int_equal(triggered_of(signal_token), 1);
    cube_cancel_free(signal_token);
    signal_token = NULL;
}

static void trigger_from_signal_handler(void **unused) {
    (void)unused;
    check_trigger_from_signal(SIGUSR1);
    check_trigger_from_signal(SIGALRM);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trigger_and_reset),
        cmocka_unit_test(tokens_are_independent),
        cmocka_unit_test(null_and_bad_handles_are_refused),
        cmocka_unit_test(trigger_from_signal_handler),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
