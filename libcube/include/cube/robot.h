/**
 * @file cube/robot.h
 * @brief Robot models and plans: the timeline of actuator commands that performs a move sequence, and
 * robot-aware solving.
 *
 * @section timeline The timeline of a plan
 * A plan is a list of steps found by its search; a step is 1-3 commands that start together. The steps
 * are laid out event-driven: each starts as soon as
 * - its actuators have finished their previous commands, and
 * - every earlier step it depends on has ended. A step does not depend on one still moving when the
 *   mechanism allows both at once with the same result in either order (six-motor: opposite faces;
 *   arms: a retracted arm's twist beside other steps), judged by the robot's own physics.
 * - six-motor robots with an overlap (cube_robot_desc.overlap_permille, spec key `overlap`) may also
 *   start a turn on a face adjacent to a turning layer once that layer has turned (1 - overlap) of its
 *   time (corner cutting); without one they wait for its end. Opposite faces never wait for each other.
 * Steps start in the search's order, each strictly after the one before. A plan is never longer than
 * the same steps run one after another. Naive plans (#CUBE_PLAN_NAIVE) and scan plans keep that order
 * strictly: each step starts when the previous one ends. cube_plan_check() and the driver's checks before
 * a run replay the same rules.
 */
#ifndef CUBE_ROBOT_H
#define CUBE_ROBOT_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/scan.h>
#include <cube/solver.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Mechanism families. */
enum cube_robot_family {
    CUBE_ROBOT_SIX_MOTOR = 1,        /**< one motor per face; opposite faces may turn together */
    CUBE_ROBOT_FOUR_ARM = 2,         /**< arms on L R F B, each a twist and a slide; U and D need a rotation */
    CUBE_ROBOT_TWO_GRIPPER = 3,      /**< arms on D and L, each a wrist and a gripper */
    CUBE_ROBOT_TURNTABLE_FLIPPER = 4, /**< turntable (D layer or whole cube), flipper, holder */
    CUBE_ROBOT_HOLD_FLIP = 5,         /**< (LIBCUBE_1.3) "hold-and-flip", CUBOTino style: a turntable with end
                                           stops and a cover that holds the upper layers or flips the cube */
    CUBE_ROBOT_DESCRIBED = 6          /**< (LIBCUBE_1.3) "described": a mechanism given as text (actuator lines,
                                           see cube_robot_parse()); cube_robot_new() cannot make one */
};

/** Command kinds of a plan's actions. */
enum cube_action_kind {
    CUBE_ACTION_TURN = 1, /**< motor, arm twist, wrist or turntable; param: signed quarters, + clockwise from outside */
    CUBE_ACTION_GRIP = 2, /**< slide, gripper, holder or cover; param 1 engage / close / clamp, 0 retract / open / release */
    CUBE_ACTION_FLIP = 3  /**< the flipper tips the cube once (back face down), or the hold-and-flip cover moves to
                               flip, tipping it; param 1 */
};

/**
 * A robot description. Times are in microseconds. Fields a family does not use are ignored.
 * Fill it with cube_robot_desc_init(), which sets struct_size and the family's defaults.
 */
typedef struct cube_robot_desc {
    uint32_t struct_size;   /**< set by cube_robot_desc_init() */
    int32_t family;         /**< ::cube_robot_family */
    int32_t turn90_us;      /**< quarter turn of a motor, twist, wrist or turntable */
    int32_t turn180_us;     /**< half turn of the same: at least turn90_us (a quicker half turn is refused) */
    int32_t grip_us;        /**< engage or retract a slide, open or close a gripper, clamp or release the holder,
                                 open or close the hold-and-flip cover */
    int32_t flip_us;        /**< one tip of the flipper; the hold-and-flip cover's moves to and from flip */
    int32_t twist_range;    /**< arms: quarters each arm or wrist may twist either side of neutral (1 or 2) */
    int32_t allow_parallel; /**< 1: commands on different actuators may run together where the mechanism allows */
    int32_t camera;         /**< (V2) ::cube_camera: where the scan camera looks (0: the family's default) */
    int32_t overlap_permille; /**< (V3) six-motor only, 0..500: corner cutting. A face turn may start on a face
                                   adjacent to a turning layer when that layer has turned (1000 - overlap_permille)
                                   thousandths of its time; 0 (the default) waits for its end. Opposite faces never
                                   wait for each other. Nonzero is refused on other families. */
} cube_robot_desc;

/** Size of the first published cube_robot_desc. */
#define CUBE_ROBOT_DESC_SIZE_V1 CUBE_SIZE_THROUGH(cube_robot_desc, allow_parallel)
/** Size of cube_robot_desc with the scan camera. */
#define CUBE_ROBOT_DESC_SIZE_V2 CUBE_SIZE_THROUGH(cube_robot_desc, camera)
/** Size of cube_robot_desc with the six-motor overlap. */
#define CUBE_ROBOT_DESC_SIZE_V3 CUBE_SIZE_THROUGH(cube_robot_desc, overlap_permille)

/**
 * The robot position a fixed scan camera looks at (cube_robot_scan_plan()). Each family leaves some faces
 * free of its mechanism: four-arm U (default) or D; two-gripper F (default), U, R or B; turntable-flipper
 * and hold-and-flip U (default), R, F, L or B. A six-motor robot covers every face and cannot turn the cube: only the default.
 */
enum cube_camera {
    CUBE_CAMERA_DEFAULT = 0, /**< the family's default */
    CUBE_CAMERA_U = 1,       /**< above the cube */
    CUBE_CAMERA_R = 2,
    CUBE_CAMERA_F = 3, /**< in front */
    CUBE_CAMERA_D = 4,
    CUBE_CAMERA_L = 5,
    CUBE_CAMERA_B = 6
};

/** A robot: immutable once made; may be shared by threads. */
typedef struct cube_robot cube_robot;

/** A plan for one move sequence on one robot. */
typedef struct cube_plan cube_plan;

/**
 * Fills `desc` with the defaults of `family`; use the macro cube_robot_desc_init(). The defaults are
 * typical hardware of each family (times per command):
 * - six-motor: quarter 20 ms, half 35 ms. Record stepper robots turn a quarter in 9-30 ms
 *   (Sub1 Reloaded, MIT, TOKUFASTbot).
 * - four-arm: twist 250 ms quarter / 400 ms half, slide 150 ms, twist range +-1 quarter. Hobby servos on
 *   a Maestro (Otvinta, Cuboth) take 0.2-0.3 s per move; a 180-degree servo centred on neutral.
 * - two-gripper: wrist 300 / 500 ms, grip 150 ms, range +-1: about 1 s per face turn with its unwind,
 *   as 3D-printed V-shape robots.
 * - turntable-flipper: spin 350 / 600 ms, holder 250 ms, flip 700 ms: MindCub3r / CUBOTino class,
 *   where a 9-move solution needs tens of servo moves and well over ten seconds.
 * - hold-and-flip (CUBOTino style, LIBCUBE_1.3): table spin 400 / 700 ms with the cover open and a quarter
 *   more (500 / 875 ms) turning the bottom layer with the cover closed; cover open <-> close 200 ms, open
 *   -> flip and flip -> open 450 ms, flip -> close 450 ms, close -> flip 650 ms (flip + grip); table range 1
 *   (CCW / home / CW). Estimates scaled from CUBOTino's public servo script and its "under 90 s" solves,
 *   not measurements: pass your own (per-actuator keys, see cube_robot_parse()).
 * - described (LIBCUBE_1.3): the turntable-flipper's uniform times; its mechanism comes only as text
 *   (cube_robot_parse()), so cube_robot_new() refuses it.
 * These are estimates from the figures cited, not measurements of one machine: pass your own.
 * @param desc the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @param family ::cube_robot_family
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (NULL, size, unknown family)
 */
CUBE_API cube_status cube_robot_desc_init_sized(cube_robot_desc *desc, uint32_t size, int32_t family);
/** Fills `desc` (a cube_robot_desc *) with the defaults of `family`. */
#define cube_robot_desc_init(desc, family) cube_robot_desc_init_sized((desc), (uint32_t)sizeof *(desc), (family))

/**
 * Name of a family.
 * @param family ::cube_robot_family
 * @param[out] name receives a static string such as "four-arm"
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (unknown family)
 */
CUBE_API cube_status cube_robot_family_name(int32_t family, const char **name);

/**
 * Makes a robot from a description. A robot that could not turn every face both ways (say a four-arm
 * robot without parallel steps, which cannot rotate the cube to reach U and D) is refused here, naming
 * the faces it cannot reach.
 * @param desc a filled description (read during the call only)
 * @param[out] out receives the robot, to free with cube_robot_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (a field out of range, or faces the robot cannot turn:
 *         the message names them), #CUBE_ERROR_UNSUPPORTED (a newer struct with unknown fields set),
 *         #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_robot_new(const cube_robot_desc *desc, cube_robot **out);

/**
 * Makes a robot from text: a family name, optionally followed by ':' and comma-separated keys in
 * milliseconds, e.g. "four-arm" or "four-arm:turn90=200,turn180=330,grip=120". Keys: turn90, turn180,
 * grip, flip (ms, every actuator's defaults); range (1 or 2);
 * parallel (0 or 1); camera (U R F D L B, see ::cube_camera); overlap (six-motor only: the corner-cutting
 * fraction 0 to 0.5, e.g. overlap=0.3, see `overlap_permille`). Lines "key = value" and # comments also work.
 *
 * Per-actuator keys (LIBCUBE_1.3) are "ACTUATOR.KEY = VALUE", ACTUATOR a name of
 * cube_robot_actuator_name() (the part before the last dot); they override the uniform times, later keys
 * winning:
 * - a turning actuator (motor, twist, wrist, table): "[turn|spin][-][cw|ccw]90|180|270" in ms, where turn
 *   is a layer turned against a hold, spin anything else (the whole cube, or the actuator alone), and no
 *   prefix both; no direction sets both ("table.spin90", "table.turn-ccw180", "R.twist.cw90"). 270 is
 *   used only by one-way actuators (three quarters the one way; default: a half turn plus what a half adds
 *   to a quarter). A longer turn may not be quicker than a shorter one of the same kind where a key
 *   sets either (the uniform turn90 and turn180 alone are not compared, as before).
 *   "range" = quarters each side of home: 0 no end stop (motors, the turntable-flipper's table, an arm that
 *   turns round), 1 or 2 (the arms' default is the robot's range; a table with a range tracks its angle; the
 *   hold-and-flip table needs one); "directions" = cw, ccw or both (a one-way arm needs range 0 to come back).
 * - a positioned actuator: slides, grippers and the holder have positions open and close, the flipper
 *   flip, the hold-and-flip cover open, close and flip: "TO" is the ms of every move to TO, "FROM-TO" of
 *   one ("holder.close = 200", "cover.close-flip = 600").
 * Examples, one per family: "six-motor:U.directions=cw,U.cw270=45"; "four-arm:R.twist.turn90=300,
 * R.slide.open=100"; "two-gripper:D.wrist.range=2"; "turntable-flipper:table.turn90=420,table.spin90=300,
 * table.range=1"; "hold-and-flip:cover.close-flip=600,table.turn-cw90=520". cube_robot_spec() writes the
 * keys that differ from the family's defaults. Unknown actuators, keys and positions are refused naming
 * the valid ones; contradicting times and ranges a family cannot have with #CUBE_ERROR_INVALID_ARGUMENT.
 * A mechanism of your own (LIBCUBE_1.3) is the family "described" with one line (or comma-separated item)
 * per actuator and per rule: "actuator NAME turner FACE center|pocket|claw:AXIS:GRIP [free|stops]",
 * "actuator NAME grip [clamp:FACE] [rest:close] [hides]", "actuator NAME flipper flip:TURN",
 * "actuator NAME cover clamp:FACE flip:TURN [hides]", "require NAME OTHER:POSITION[/POSITION]",
 * "held NAME:POSITION[+NAME:POSITION] [or ...]", "together one|pairs|any", "pair NAME NAME" and
 * "cameras FACES"; the keys above apply to its actuators. At most 8 actuators and 16384 mechanical states
 * (every tracked position combined). The README section "Describing your robot" explains each word and
 * writes out the five families; the key "described = 1" turns a family into that form, and
 * cube_robot_spec() of a described robot writes every line back. Lines that contradict each other (an
 * unknown actuator or position in a rule, a condition that can never hold, a grip that grips nothing, a
 * cube not held at rest, too many states) are refused with #CUBE_ERROR_INVALID_ARGUMENT.
 * The text may have at most 65536 bytes (64 KiB); no byte past that limit is read.
 * @param spec the text
 * @param[out] out receives the robot, to free with cube_robot_free()
 * @return #CUBE_OK, #CUBE_ERROR_PARSE (the message names the key or value, non-ASCII bytes as \\xNN),
 *         #CUBE_ERROR_INVALID_ARGUMENT (a text over 64 KiB, or a robot that cannot turn every face, as
 *         cube_robot_new())
 */
CUBE_API cube_status cube_robot_parse(const char *spec, cube_robot **out);

/**
 * Reads a robot description file in the text form of cube_robot_parse(). Reads at most 65536 bytes
 * (64 KiB): a longer file or an endless input such as /dev/zero is refused once one byte more has been
 * read. A pipe or device (anything but a regular file) must deliver its text and end within 1 s; a FIFO
 * that nobody has opened for writing reads as empty. Nothing blocks longer.
 * @param path the file
 * @param[out] out receives the robot, to free with cube_robot_free()
 * @return as cube_robot_parse(); #CUBE_ERROR_NOT_FOUND (no such file), #CUBE_ERROR_INVALID_ARGUMENT (over
 *         64 KiB: the message names the limit), #CUBE_ERROR_PARSE (also a NUL byte), #CUBE_ERROR_IO (a folder,
 *         a read error, a pipe that did not end within 1 s)
 */
CUBE_API cube_status cube_robot_load(const char *path, cube_robot **out);

/**
 * Frees a robot. Plans made from it stay valid.
 * @param robot the robot; NULL is ignored
 */
CUBE_API void cube_robot_free(cube_robot *robot);

/**
 * Copies the robot's description into `desc`, as far as its struct_size reaches.
 * @param robot the robot
 * @param[in,out] desc a struct whose struct_size is set (cube_robot_desc_init() does it)
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_get_desc(const cube_robot *robot, cube_robot_desc *desc);

/**
 * Canonical text form of the robot, accepted by cube_robot_parse().
 * @param robot the robot
 * @param[out] spec receives text owned by the robot, valid until it is freed
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_spec(const cube_robot *robot, const char **spec);

/**
 * Number of actuators.
 * @param robot the robot
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_actuator_count(const cube_robot *robot, int32_t *count);

/**
 * Name of an actuator, e.g. "L.twist".
 * @param robot the robot
 * @param index 0-based actuator
 * @param[out] name receives text owned by the robot, valid until it is freed
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_actuator_name(const cube_robot *robot, int32_t index, const char **name);

/**
 * The robot's rest state as positions (one per actuator: turns in quarters from neutral, grips 1 engaged
 * or closed and 0 retracted or released, the flipper 0, the hold-and-flip cover 0 open, 1 close, 2 flip):
 * every arm engaged at neutral; the turntable robot's holder released; the hold-and-flip table at home
 * (its range is tracked, -range..range) with the cover open. Plans start and end there unless their options say otherwise.
 * @param robot the robot
 * @param positions where to write; may be NULL when capacity is 0
 * @param capacity room in positions, in values
 * @param[out] count receives the number of actuators; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_rest_positions(const cube_robot *robot, int32_t *positions, int32_t capacity,
                                               int32_t *count);

/** The most commands one step has: a plan's actions that start together (a driver's step is 1 to this). */
#define CUBE_ROBOT_STEP_MAX_COMMANDS 3

/**
 * (LIBCUBE_1.3) The least time each command of one step needs, with the actuators at `positions`: what a
 * simulator or driver checks a command's duration against. A time may depend on where the actuators are
 * and on the rest of the step (a table turning a held layer or spinning the free cube, a twist turning a
 * layer or the whole cube, the cover's transition), as the robot's per-actuator keys set it.
 * @param robot the robot
 * @param positions one per actuator, as cube_robot_rest_positions() lays them out
 * @param position_count the number of positions (the robot's actuator count)
 * @param commands the step: `count` triples of actuator, kind (::cube_action_kind) and param
 * @param count 1 to #CUBE_ROBOT_STEP_MAX_COMMANDS
 * @param[out] least_us receives one time per command, in microseconds
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL, a count out of range, positions the robot cannot be
 *         at, a command its actuator cannot do: the message says which)
 */
CUBE_API cube_status cube_robot_step_us(const cube_robot *robot, const int32_t *positions, int32_t position_count,
                                        const int32_t *commands, int32_t count, int32_t *least_us);

/** How to expand a sequence into actions. */
enum cube_plan_strategy {
    CUBE_PLAN_OPTIMAL = 0, /**< least total time over the whole sequence */
    CUBE_PLAN_GREEDY = 1,  /**< one move at a time, each as quick as possible from where the last ended */
    CUBE_PLAN_NAIVE = 2    /**< each move on its own, from the mechanism's rest state back to rest */
};

/** Where a plan leaves the robot. */
enum cube_plan_finish {
    CUBE_PLAN_FINISH_REST = 0,    /**< at the rest state (cube_robot_rest_positions()), ready for the next plan */
    CUBE_PLAN_FINISH_ANYWHERE = 1 /**< wherever the last turn leaves it (quicker; the next plan starts there) */
};

/** How to plan. Fill it with cube_plan_options_init(). */
typedef struct cube_plan_options {
    uint32_t struct_size;           /**< set by cube_plan_options_init() */
    int32_t strategy;               /**< ::cube_plan_strategy (default #CUBE_PLAN_OPTIMAL) */
    const int32_t *start_positions; /**< (V2) NULL: the robot starts at rest; else one position per actuator, as
                                         cube_driver_positions() reports them (read during the call only) */
    int32_t start_position_count;   /**< (V2) the number of start_positions */
    int32_t finish;                 /**< (V2) ::cube_plan_finish (default #CUBE_PLAN_FINISH_REST) */
} cube_plan_options;

/** Size of the first published cube_plan_options. */
#define CUBE_PLAN_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_plan_options, strategy)
/** Size of cube_plan_options with start positions and finish. */
#define CUBE_PLAN_OPTIONS_SIZE_V2 CUBE_SIZE_THROUGH(cube_plan_options, finish)

/**
 * Fills options with the defaults (optimal); use the macro cube_plan_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_options_init_sized(cube_plan_options *options, uint32_t size);
/** Fills `options` (a cube_plan_options *) with the defaults. */
#define cube_plan_options_init(options) cube_plan_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Plans a 3x3 move sequence for a robot: the minimum-time timeline of actuator actions.
 * A sequence may have at most 1000 moves; a longer one is refused before any planning. The work is
 * bounded too: 1000 moves take from milliseconds (six-motor) to about 10 s (the slowest robots measured:
 * four-arm with range 2), and a plan that would need more than 2^30 search steps is refused.
 * @param robot the robot
 * @param moves the sequence (a 3x3 one), at most 1000 moves
 * @param options NULL for the defaults
 * @param[out] out receives the plan, to free with cube_plan_free()
 * @return #CUBE_OK, #CUBE_ERROR_UNSOLVABLE (the robot cannot perform the sequence),
 *         #CUBE_ERROR_INVALID_ARGUMENT (also an unknown strategy, or more than 1000 moves: the message names
 *         the limit), #CUBE_ERROR_UNSUPPORTED (a plan longer than 35 minutes, 2^31-1 us, refused as soon as
 *         the planned part exceeds it; or more search than the limit), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_plan_new(const cube_robot *robot, const cube_moves *moves, const cube_plan_options *options,
                                   cube_plan **out);

/**
 * Robot-aware choice, one candidate at a time: plans `candidate` only if it can be faster than `than`,
 * stopping as soon as it cannot (much quicker than cube_plan_new() for losing candidates). The same
 * limits as cube_plan_new() apply: at most 1000 moves, checked before any planning.
 * @param robot the robot
 * @param candidate the sequence to try, at most 1000 moves
 * @param options NULL for the defaults
 * @param than NULL (any plan will do), or the plan to beat; not changed
 * @param[out] out receives a new plan if it is faster than `than` (free it with cube_plan_free()), else NULL
 * @return #CUBE_OK (in both cases), or an error as cube_plan_new()
 */
CUBE_API cube_status cube_plan_new_if_faster(const cube_robot *robot, const cube_moves *candidate,
                                             const cube_plan_options *options, const cube_plan *than,
                                             cube_plan **out);

/**
 * Frees a plan.
 * @param plan the plan; NULL is ignored
 */
CUBE_API void cube_plan_free(cube_plan *plan);

/**
 * The plan's wall-clock time on its robot.
 * @param plan the plan
 * @param[out] total_us receives the time in microseconds
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_total_us(const cube_plan *plan, int64_t *total_us);

/**
 * Number of actions in the timeline.
 * @param plan the plan
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_action_count(const cube_plan *plan, int32_t *count);

/** One action of a plan's timeline, as cube_plan_get_action() fills it. Fill it first with cube_action_init(). */
typedef struct cube_action {
    uint32_t struct_size; /**< set by cube_action_init() */
    int32_t actuator;     /**< index, see cube_robot_actuator_name() */
    int32_t kind;         /**< ::cube_action_kind */
    int32_t param;        /**< turn: signed quarters; grip: 1 engage, 0 retract; flip: 1 */
    int32_t start_us;     /**< start time from the start of the plan */
    int32_t end_us;       /**< end time */
    int32_t move_index;   /**< the move of the sequence this action turns, or -1 */
} cube_action;

/** Size of the first published cube_action. */
#define CUBE_ACTION_SIZE_V1 CUBE_SIZE_THROUGH(cube_action, move_index)

/**
 * Zeroes an action and sets its struct_size; use the macro cube_action_init().
 * @param action the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_action_init_sized(cube_action *action, uint32_t size);
/** Prepares `action` (a cube_action *) for cube_plan_get_action(). */
#define cube_action_init(action) cube_action_init_sized((action), (uint32_t)sizeof *(action))

/**
 * Copies one action, in start-time order, as far as the caller's struct_size reaches.
 * @param plan the plan
 * @param index 0-based action
 * @param[in,out] action a struct whose struct_size is set
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_get_action(const cube_plan *plan, int32_t index, cube_action *action);

/**
 * The move sequence the plan performs.
 * @param plan the plan
 * @param[out] out receives a new sequence, to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_plan_moves(const cube_plan *plan, cube_moves **out);

/**
 * The robot the plan is for.
 * @param plan the plan
 * @param[out] out receives a new robot handle, to free with cube_robot_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_plan_robot(const cube_plan *plan, cube_robot **out);

/**
 * Replays the plan on a simulated robot holding the cube that its sequence solves: checks every
 * command's duration, that no actuator does two things at once, that the mechanism allows every step,
 * that each step starts only when the rules of the timeline allow (see @ref timeline "the timeline": the
 * steps it depends on have ended, the overlap of six-motor robots), and that the cube ends solved.
 * @param plan the plan
 * @return #CUBE_OK, or #CUBE_ERROR_CORRUPT with the reason in cube_last_error()
 */
CUBE_API cube_status cube_plan_check(const cube_plan *plan);

/**
 * The positions the plan starts from (the robot's rest state unless its options gave others).
 * @param plan the plan
 * @param positions where to write; may be NULL when capacity is 0
 * @param capacity room in positions, in values
 * @param[out] count receives the number of actuators; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_start_positions(const cube_plan *plan, int32_t *positions, int32_t capacity,
                                               int32_t *count);

/**
 * The moves still to do after the plan's first `actions_done` actions (in start order) have ended and none
 * after them has started (a run that ended early says how many in cube_run_report.actions_done), named as
 * the robot holds the cube then: plan them from the
 * driver's positions (cube_plan_options.start_positions) and run that plan with
 * cube_run_options.resume = 1 to finish the solve.
 * @param plan the plan
 * @param actions_done 0 to the action count; must end a step (actions that start together run together)
 * @param[out] out receives a new sequence (empty when nothing is left), to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (out of range, or in the middle of a step), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_plan_remaining(const cube_plan *plan, int32_t actions_done, cube_moves **out);

/** Output formats of cube_plan_format(). */
enum cube_plan_format_kind {
    CUBE_PLAN_TEXT = 0, /**< one line per action: times in ms, actuator, command */
    CUBE_PLAN_JSON = 1  /**< {"robot":..,"moves":..,"start":[positions],"total_ms":..,"actions":[{..}]} */
};

/**
 * Writes the plan as text or JSON.
 * @param plan the plan
 * @param format ::cube_plan_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_format(const cube_plan *plan, int32_t format, char *buffer, int32_t capacity,
                                      int32_t *length);

/* ---- Robot-aware solving ---------------------------------------------------------------------- */

/** Options of cube_robot_solve(). Fill it with cube_robot_solve_options_init(). */
typedef struct cube_robot_solve_options {
    uint32_t struct_size; /**< set by cube_robot_solve_options_init() */
    int32_t extra_length; /**< candidates may be this many moves longer than the shortest solution found, 0..6
                               (default 2) */
    int32_t candidates;   /**< distinct solutions planned at most, 1..100000 (default 5000; the work budget
                               usually ends the ranking first) */
    int32_t timeout_ms;   /**< a wall-clock limit: stop planning more candidates after this long and return the best
                               so far; 0 = none (default). The only option that can make equal calls differ */
    int32_t strategy;     /**< ::cube_plan_strategy for planning each candidate (default optimal) */
    int32_t shortest_ms;  /**< work spent looking for a shorter first solution, in milliseconds of the reference
                               machine as for plan_ms (default 20) */
    const cube_cancel *cancel; /**< NULL, or a token that stops the call with #CUBE_ERROR_CANCELLED */
    int32_t plan_ms;      /**< (V2) work spent collecting and planning candidates, 0..60000, in milliseconds of the
                               reference machine (default 150; 0 plans the shortest solution only). It is
                               converted into fixed numbers of search nodes and planner steps, so the same
                               input gives the same plan on any machine, any load and any thread count */
    int32_t max_length;   /**< (V2) no candidate, the first solution included, has more moves than this, 1..30;
                               0 = no cap but the shortest found + extra_length (default) */
} cube_robot_solve_options;

/** Size of the first published cube_robot_solve_options. */
#define CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_robot_solve_options, cancel)
/** Size of cube_robot_solve_options with the work budget plan_ms and max_length. */
#define CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2 CUBE_SIZE_THROUGH(cube_robot_solve_options, max_length)

/**
 * Fills options with the defaults; use the macro cube_robot_solve_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_robot_solve_options_init_sized(cube_robot_solve_options *options, uint32_t size);
/** Fills `options` (a cube_robot_solve_options *) with the defaults. */
#define cube_robot_solve_options_init(options) \
    cube_robot_solve_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Solves a 3x3 for a robot in one call, searching in robot time: takes the solver's solution (made
 * shorter with shortest_ms of work), collects up to `candidates` distinct solutions within that length +
 * extra_length from the two-phase search, plans each on `robot` (robots with many mechanical states,
 * such as four-arm, take them in order of a lower bound of their robot time, rank them with a receding
 * horizon and plan the best two again looking further ahead) and returns the fastest plan (not
 * necessarily the shortest solution). All work is counted in
 * search nodes and planner steps (plan_ms), so one input always gives one plan. It uses the solver's
 * full 3x3 tables, waiting for them if the solver answers with the compact set meanwhile; a solver with
 * the compact table policy (#CUBE_TABLES_COMPACT) plans its first solution only.
 * @param robot the robot
 * @param solver the solver (its 3x3 tables are loaded if needed)
 * @param state a 3x3 cube (read only)
 * @param options NULL for the defaults
 * @param[out] out receives the plan, to free with cube_plan_free()
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_INVALID_ARGUMENT (also an unknown strategy or a 2x2),
 *         an error of cube_solve() for the first solution, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_robot_solve(const cube_robot *robot, cube_solver *solver, const cube_state *state,
                                      const cube_robot_solve_options *options, cube_plan **out);

/* ---- Scanning with a robot (LIBCUBE_1.2) ------------------------------------------------------- */

/**
 * One picture of a robot's scan, as cube_plan_get_scan_frame() fills it. Fill it first with
 * cube_scan_frame_init().
 */
typedef struct cube_scan_frame {
    uint32_t struct_size;  /**< set by cube_scan_frame_init() */
    int32_t face;          /**< the cube face the camera sees, 0..5 for U R F D L B, named as the cube was held
                                when the plan started (the facelet order of state.h) */
    int32_t rotation;      /**< 0..3: quarters the face appears turned clockwise in the picture, compared with
                                its layout in state.h (U with B at the top, F R B L with U at the top, D with F at
                                the top); the camera's picture is read row by row from its top left */
    int32_t actions_done;  /**< the picture is taken when the plan's first actions_done actions have ended */
    int32_t time_us;       /**< when that is, from the start of the plan (the plan gives the camera no time of
                                its own: wait for the picture before the next action) */
} cube_scan_frame;

/** Size of the first published cube_scan_frame. */
#define CUBE_SCAN_FRAME_SIZE_V1 CUBE_SIZE_THROUGH(cube_scan_frame, time_us)

/**
 * Zeroes a frame and sets its struct_size; use the macro cube_scan_frame_init().
 * @param frame the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_frame_init_sized(cube_scan_frame *frame, uint32_t size);
/** Prepares `frame` (a cube_scan_frame *) for cube_plan_get_scan_frame(). */
#define cube_scan_frame_init(frame) cube_scan_frame_init_sized((frame), (uint32_t)sizeof *(frame))

/**
 * The robot's scan sequence: a plan that shows each of the six faces to a fixed camera (at the position of
 * the robot's `camera`, see ::cube_camera) by whole-cube rotations only, never turning a layer, and ends at
 * the rest state with the cube held as it started, so that a solve plan of the scanned cube can follow
 * (cube_plan_concat()). It starts at rest; its moves are the rotations it makes (x, y, z); its six frames
 * (cube_plan_get_scan_frame()) say when each picture is taken and which face, turned how, it shows. The
 * sequence is the quickest way on the robot's own steps to the nearest face not yet seen, six times, then
 * back: four-arm rotates the cube with one pair of arms while the other pair is retracted; two-gripper turns
 * it with one gripper while the other is open; turntable-flipper spins it on the table and tips it with the
 * flipper, the holder released; hold-and-flip spins it on the table and tips it with the cover, each
 * picture taken with the cover open. A
 * six-motor robot cannot turn the cube: its plan has no actions and its six
 * frames are the faces shown to the camera by hand before the cube is mounted, in the order U R F D L B,
 * each as state.h lays it out (rotation 0).
 * @param robot the robot
 * @param[out] out receives the plan, to free with cube_plan_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_UNSUPPORTED (timings so slow that the sequence
 *         would last longer than a plan holds, 35 minutes), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_robot_scan_plan(const cube_robot *robot, cube_plan **out);

/**
 * The number of camera frames in a plan: 6 for a scan plan (and a plan that begins with one), 0 for others.
 * @param plan the plan
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_scan_frame_count(const cube_plan *plan, int32_t *count);

/**
 * Copies one frame, in the order they are taken, as far as the caller's struct_size reaches.
 * @param plan the plan
 * @param index 0-based frame
 * @param[in,out] frame a struct whose struct_size is set
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_plan_get_scan_frame(const cube_plan *plan, int32_t index, cube_scan_frame *frame);

/**
 * One plan after another, as one plan: `second`'s actions start when `first`'s end, and its move indexes,
 * frames and times are shifted. `first` must end at rest and `second` start there (the defaults of both
 * cube_robot_scan_plan() and cube_plan_new()), for the same robot; `second`'s moves are named as the robot
 * holds the cube when it starts.
 * @param first the plan to run first (a scan plan, typically)
 * @param second the plan to run after it
 * @param[out] out receives the new plan, to free with cube_plan_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (different robots, ends that do not meet, more than 1000
 *         moves together), #CUBE_ERROR_UNSUPPORTED (longer than 35 minutes together), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_plan_concat(const cube_plan *first, const cube_plan *second, cube_plan **out);

/**
 * Puts samples taken in a scan plan's frame order into facelet order: `frames` holds 54 samples, nine per
 * frame in the order the frames are taken, each frame's nine row by row as the camera sees them; the new
 * scan holds each sample (with its weight; unset samples stay unset) at the facelet it shows, using the
 * frames' faces and rotations. Resolve it with cube_scan_resolve().
 * @param plan a plan with 6 frames (cube_robot_scan_plan())
 * @param frames the samples in frame order
 * @param[out] out receives a new scan, to free with cube_scan_input_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL, a plan without 6 frames), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_scan_input_from_frames(const cube_plan *plan, const cube_scan_input *frames,
                                                 cube_scan_input **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_ROBOT_H */
