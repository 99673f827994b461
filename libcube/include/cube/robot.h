/* libcube: robot models and plans, the timeline of actuator commands that performs a move sequence. */
#ifndef CUBE_ROBOT_H
#define CUBE_ROBOT_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/solver.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Mechanism families. */
typedef enum cube_robot_family {
    CUBE_ROBOT_SIX_MOTOR = 1,        /**< one motor per face; opposite faces may turn together */
    CUBE_ROBOT_FOUR_ARM = 2,         /**< arms on L R F B, each a twist and a slide; U and D need a rotation */
    CUBE_ROBOT_TWO_GRIPPER = 3,      /**< arms on D and L, each a wrist and a gripper */
    CUBE_ROBOT_TURNTABLE_FLIPPER = 4 /**< turntable (D layer or whole cube), flipper, holder */
} cube_robot_family;

/** Command kinds of a plan's actions. */
typedef enum cube_action_kind {
    CUBE_ACTION_TURN =
        1, /**< motor, arm twist, wrist or turntable; param: signed quarters, + clockwise seen from outside */
    CUBE_ACTION_GRIP = 2, /**< slide, gripper or holder; param 1 engage / close / clamp, 0 retract / open / release */
    CUBE_ACTION_FLIP = 3  /**< the flipper tips the cube once (back face down); param 1 */
} cube_action_kind;

/**
 * A robot description. Times are in microseconds. Fields a family does not use are ignored.
 * Fill it with cube_robot_desc_init(), which sets struct_size and the family's defaults.
 */
typedef struct cube_robot_desc {
    uint32_t struct_size;
    int32_t family;         /**< cube_robot_family */
    int32_t turn90_us;      /**< quarter turn of a motor, twist, wrist or turntable */
    int32_t turn180_us;     /**< half turn of the same */
    int32_t grip_us;        /**< engage or retract a slide, open or close a gripper, clamp or release the holder */
    int32_t flip_us;        /**< one tip of the flipper */
    int32_t twist_range;    /**< arms: quarters each arm or wrist may twist either side of neutral (1 or 2) */
    int32_t allow_parallel; /**< 1: commands on different actuators may run together where the mechanism allows */
} cube_robot_desc;

/** A robot: immutable once made; may be shared by threads. */
typedef struct cube_robot cube_robot;

/** A plan for one move sequence on one robot. */
typedef struct cube_plan cube_plan;

/**
 * Fills `desc` with the defaults of `family`, typical hardware of each (times per command):
 * - six-motor: quarter 20 ms, half 35 ms. Record stepper robots turn a quarter in 9-30 ms
 *   (Sub1 Reloaded, MIT, TOKUFASTbot; shared/notes/hardware-protocols.md).
 * - four-arm: twist 250 ms quarter / 400 ms half, slide 150 ms, twist range +-1 quarter. Hobby servos on
 *   a Maestro (Otvinta, Cuboth) take 0.2-0.3 s per move; a 180-degree servo centred on neutral.
 * - two-gripper: wrist 300 / 500 ms, grip 150 ms, range +-1: about 1 s per face turn with its unwind,
 *   as 3D-printed V-shape robots.
 * - turntable-flipper: spin 350 / 600 ms, holder 250 ms, flip 700 ms: MindCub3r / CUBOTino class,
 *   where a 9-move solution needs tens of servo moves and well over ten seconds.
 * These are estimates from the figures cited, not measurements of one machine: pass your own.
 */
CUBE_API cube_status cube_robot_desc_init(cube_robot_desc *desc, int32_t family);

/** Name of a family ("four-arm"), or NULL for an unknown value. */
CUBE_API const char *cube_robot_family_name(int32_t family);

/** Makes a robot from a description. */
CUBE_API cube_status cube_robot_new(const cube_robot_desc *desc, cube_robot **out);

/**
 * Makes a robot from text: a family name, optionally followed by ':' and comma-separated keys in
 * milliseconds, e.g. "four-arm" or "four-arm:turn90=200,turn180=330,grip=120". Keys: turn90, turn180,
 * grip, flip (ms); range (1 or 2); parallel (0 or 1). Lines "key = value" and # comments also work.
 */
CUBE_API cube_status cube_robot_parse(const char *spec, cube_robot **out);

/** Reads a robot description file in the text form of cube_robot_parse(). */
CUBE_API cube_status cube_robot_load(const char *path, cube_robot **out);

/** Frees a robot; NULL is ignored. Plans made from it stay valid. */
CUBE_API void cube_robot_free(cube_robot *robot);

/** Copies the robot's description into `desc`, whose struct_size must be set. */
CUBE_API cube_status cube_robot_get_desc(const cube_robot *robot, cube_robot_desc *desc);

/** Canonical text form of the robot (accepted by cube_robot_parse()), owned by the robot. NULL on error. */
CUBE_API const char *cube_robot_spec(const cube_robot *robot);

/** Number of actuators, or a negative cube_status. */
CUBE_API int32_t cube_robot_actuator_count(const cube_robot *robot);

/** Name of actuator `index`, e.g. "L.twist", owned by the robot. NULL on error. */
CUBE_API const char *cube_robot_actuator_name(const cube_robot *robot, int32_t index);

/** How to expand a sequence into actions. */
typedef enum cube_plan_strategy {
    CUBE_PLAN_OPTIMAL = 0, /**< least total time over the whole sequence */
    CUBE_PLAN_GREEDY = 1,  /**< one move at a time, each as quick as possible from where the last ended */
    CUBE_PLAN_NAIVE = 2    /**< each move on its own, from the mechanism's rest state back to rest */
} cube_plan_strategy;

typedef struct cube_plan_options {
    uint32_t struct_size;
    int32_t strategy; /**< cube_plan_strategy */
} cube_plan_options;

/** Fills `options` with the defaults (optimal). */
CUBE_API cube_status cube_plan_options_init(cube_plan_options *options);

/** Plans a 3x3 move sequence for a robot. `options` may be NULL for the defaults. */
CUBE_API cube_status cube_plan_new(const cube_robot *robot, const cube_moves *moves, const cube_plan_options *options,
                                   cube_plan **out);

/**
 * Robot-aware choice, one candidate at a time: plans `candidate` and keeps it in `*best` if it is faster
 * than the plan already there (or if `*best` is NULL); the plan replaced is freed. Returns 1 if the
 * candidate became the best, 0 if not, or a negative cube_status.
 */
CUBE_API int32_t cube_plan_consider(const cube_robot *robot, const cube_moves *candidate,
                                    const cube_plan_options *options, cube_plan **best);

/** Frees a plan; NULL is ignored. */
CUBE_API void cube_plan_free(cube_plan *plan);

/** Total time in microseconds, or a negative cube_status. */
CUBE_API int64_t cube_plan_total_us(const cube_plan *plan);

/** Number of actions, or a negative cube_status. */
CUBE_API int32_t cube_plan_action_count(const cube_plan *plan);

/** One action of a plan's timeline. */
typedef struct cube_action {
    uint32_t struct_size;
    int32_t actuator; /**< index, see cube_robot_actuator_name() */
    int32_t kind;     /**< cube_action_kind */
    int32_t param;
    int32_t start_us;
    int32_t end_us;
    int32_t move_index; /**< the move of the sequence this action turns, or -1 */
} cube_action;

/** Copies action `index` (in start-time order) into `action`, whose struct_size must be set. */
CUBE_API cube_status cube_plan_get_action(const cube_plan *plan, int32_t index, cube_action *action);

/** The move sequence the plan performs, as a new handle for the caller to free. */
CUBE_API cube_status cube_plan_moves(const cube_plan *plan, cube_moves **out);

/** The robot the plan is for, as a new handle for the caller to free. */
CUBE_API cube_status cube_plan_robot(const cube_plan *plan, cube_robot **out);

/**
 * Replays the plan on a simulated robot holding the cube that its sequence solves: checks every
 * command's duration, that no actuator does two things at once, that the mechanism allows every step,
 * and that the cube ends solved. CUBE_OK, or CUBE_ERROR_CORRUPT with the reason in cube_last_error().
 */
CUBE_API cube_status cube_plan_check(const cube_plan *plan);

/** Output formats of cube_plan_format(). */
typedef enum cube_plan_format_kind {
    CUBE_PLAN_TEXT = 0, /**< one line per action: times in ms, actuator, command */
    CUBE_PLAN_JSON = 1  /**< {"robot":..,"moves":..,"total_ms":..,"actions":[{..}]} */
} cube_plan_format_kind;

/** Writes the plan as text or JSON; buffer conventions as cube_state_copy_facelets(). */
CUBE_API cube_status cube_plan_format(const cube_plan *plan, int32_t format, char *buffer, int32_t capacity,
                                      int32_t *length);

/* ---- Robot-aware solving ---------------------------------------------------------------------- */

/** Options of cube_robot_solve(). Initialise with cube_robot_solve_options_init(). */
typedef struct cube_robot_solve_options {
    uint32_t struct_size;
    int32_t extra_length; /**< candidates may be this many moves longer than the first solution (default 2) */
    int32_t candidates;   /**< solutions to try, 1..307 (default 37): the first, then 18 with a chosen first move,
                               18 with a chosen last move, 270 with chosen first two moves */
    int32_t timeout_ms;   /**< stop trying more candidates after this long; 0 = no limit */
    int32_t strategy;     /**< cube_plan_strategy for planning each candidate (default optimal) */
    int32_t shortest_ms;  /**< time the first solve may spend looking for a shorter solution (default 100);
                               each later candidate spends a tenth of it (at least 5 ms) */
} cube_robot_solve_options;

CUBE_API cube_status cube_robot_solve_options_init(cube_robot_solve_options *options);

/**
 * Solves a 3x3 for a robot in one call: asks `solver` for a short solution (spending up to shortest_ms
 * on making it shorter), then for other solutions within that length + extra_length that begin or end
 * with chosen moves, and returns the plan that is fastest on `robot` (not necessarily the shortest
 * solution). `options` may be NULL.
 */
CUBE_API cube_status cube_robot_solve(const cube_robot *robot, cube_solver *solver, const cube_state *state,
                                      const cube_robot_solve_options *options, cube_plan **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_ROBOT_H */
