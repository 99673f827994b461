/**
 * @file cube/scan.h
 * @brief Colour scans: from 54 camera colour samples to the most likely valid, solvable 3x3, with a
 * confidence per sticker and for the cube, the doubtful stickers and the next best alternatives.
 *
 * A scan holds one colour sample per facelet in the URFDLB facelet order of state.h (face by face, row by
 * row). The centres name the colours: whatever colour the U centre shows is "U". resolve calibrates a
 * colour model on this scan (white balance from the most neutral bright centre, then a mean and
 * covariance per colour refined on the confidently placed stickers), scores every sticker against the six
 * colours, and finds the best assignment of real pieces to the corner and edge slots whose twist, flip and
 * permutation parity are valid: the most likely solvable cube, never a per-sticker guess that fails a check.
 */
#ifndef CUBE_SCAN_H
#define CUBE_SCAN_H

#include <cube/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The colour space of a scan's samples. */
enum cube_scan_color_space {
    CUBE_SCAN_SRGB = 0, /**< sRGB, each channel 0..255 (fractions allowed) */
    CUBE_SCAN_LAB = 1   /**< CIE L*a*b* (D65): L 0..100, a and b -200..200 */
};

/**
 * The name of ::cube_scan_color_space before 1.3.
 * @deprecated Use ::cube_scan_color_space (the API's identifiers are spelt "color").
 */
#define cube_scan_colour_space cube_scan_color_space

/** Largest scan text cube_scan_input_parse() reads: 1 MiB. */
#define CUBE_SCAN_TEXT_MAX (1024 * 1024)

/** Most alternatives a resolve reports. */
#define CUBE_SCAN_ALTERNATIVES_MAX 32

/** The colour samples of one scan: 54 for a 3x3, each with a weight. */
typedef struct cube_scan_input cube_scan_input;

/** The answer of cube_scan_resolve(): the most likely cube, its confidences and alternatives. */
typedef struct cube_scan_result cube_scan_result;

/**
 * Creates an empty scan: every sample is unset until cube_scan_input_set() sets it.
 * @param size cube size: 3 (a 2x2 has no centres to calibrate on and is refused with #CUBE_ERROR_UNSUPPORTED,
 *             and a one-sentence message saying so)
 * @param color_space ::cube_scan_color_space
 * @param[out] out receives the scan; free it with cube_scan_input_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_UNSUPPORTED, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_scan_input_new(int32_t size, int32_t color_space, cube_scan_input **out);

/**
 * Reads a scan from text, in either form (README "Colour scans"):
 * - JSON: `{"space": "srgb"|"lab", "samples": [[r,g,b], ...54...], "weights": [w, ...]}` (space and weights
 *   optional; a sample may also be `"#rrggbb"`);
 * - six lines of hex colours, one face per line in URFDLB order, nine `#rrggbb` or `rrggbb` per line
 *   separated by spaces (sRGB, weight 1); blank lines and lines starting with `#` followed by a space are
 *   comments.
 * @param text NUL-terminated text of at most #CUBE_SCAN_TEXT_MAX bytes
 * @param[out] out receives the scan, every sample set; free it with cube_scan_input_free()
 * @return #CUBE_OK, #CUBE_ERROR_PARSE (the message names the line and sample index),
 *         #CUBE_ERROR_INVALID_ARGUMENT (NULL or too long), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_scan_input_parse(const char *text, cube_scan_input **out);

/**
 * Sets one sample.
 * @param input the scan
 * @param index facelet index, 0..53
 * @param c0 R or L*
 * @param c1 G or a*
 * @param c2 B or b*
 * @param weight trust in this sample, 0..1000 (1 = normal, 0 = unknown sticker: decided by the constraints)
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (index, a value outside its space's range, NaN, weight)
 */
CUBE_API cube_status cube_scan_input_set(cube_scan_input *input, int32_t index, double c0, double c1, double c2,
                                         double weight);

/**
 * Reads one sample back.
 * @param input the scan
 * @param index facelet index, 0..53
 * @param[out] values receives the three channels (3 doubles)
 * @param[out] weight receives the weight; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NOT_FOUND (the sample is unset)
 */
CUBE_API cube_status cube_scan_input_get(const cube_scan_input *input, int32_t index, double *values,
                                         double *weight);

/**
 * The number of samples a scan holds (54 for a 3x3) and its colour space.
 * @param input the scan
 * @param[out] count receives the sample count; may be NULL
 * @param[out] color_space receives the ::cube_scan_color_space; may be NULL
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_input_info(const cube_scan_input *input, int32_t *count, int32_t *color_space);

/**
 * Frees a scan.
 * @param input the scan; NULL is ignored
 */
CUBE_API void cube_scan_input_free(cube_scan_input *input);

/** How to resolve a scan. Fill it with cube_scan_options_init(). */
typedef struct cube_scan_options {
    uint32_t struct_size;  /**< set by cube_scan_options_init() */
    int32_t alternatives;  /**< next best cubes to report, 0..#CUBE_SCAN_ALTERNATIVES_MAX; -1 = none; 0 = default 3 */
    double low_confidence; /**< a cube or sticker whose confidence is below this is doubtful, 0..1; 0 = default 0.9999 */
} cube_scan_options;

/** Size of the first published cube_scan_options. */
#define CUBE_SCAN_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_scan_options, low_confidence)

/**
 * Fills options with the defaults and its struct_size; use the macro cube_scan_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_options_init_sized(cube_scan_options *options, uint32_t size);
/** Fills `options` (a cube_scan_options *) with the defaults. */
#define cube_scan_options_init(options) cube_scan_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Finds the most likely valid, solvable cube for a scan (typically well under 5 ms).
 * @param input a scan with every sample set
 * @param options NULL for the defaults
 * @param[out] out receives the result; free it with cube_scan_result_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL, unset samples, bad options, all weights 0),
 *         #CUBE_ERROR_INVALID_CUBE (two centres show the same colour: the colours cannot be told apart),
 *         #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_scan_resolve(const cube_scan_input *input, const cube_scan_options *options,
                                       cube_scan_result **out);

/**
 * The most likely cube.
 * @param result the result
 * @return its facelets in URFDLB letters, owned by the result (valid until it is freed), or NULL for a bad handle
 */
CUBE_API const char *cube_scan_result_facelets(const cube_scan_result *result);

/**
 * Confidence of the whole cube: its posterior probability among the valid cubes the search weighed, which
 * are the best max(4, A + 1) valid cubes it found (A = the options' alternatives, default 3): the
 * likelihood of the best cube divided by the sum of theirs. Cubes past those are not counted, so this is
 * an upper bound of its posterior over all valid cubes (README "Colour scans" measures how well the low
 * flag catches the wrong answers).
 * @param result the result
 * @param[out] confidence receives a value in 0..1
 * @param[out] low receives 1 if it is below the options' low_confidence, any sticker is doubtful or the search
 *                 stopped at its limit (cube_scan_result_search_complete()), else 0; may be NULL
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_result_confidence(const cube_scan_result *result, double *confidence, int32_t *low);

/**
 * Confidence of one sticker: the posterior mass of the weighed cubes (the same max(4, A + 1) as
 * cube_scan_result_confidence()) that agree with the best one there.
 * @param result the result
 * @param index facelet index, 0..53
 * @param[out] confidence receives a value in 0..1
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_result_sticker_confidence(const cube_scan_result *result, int32_t index,
                                                         double *confidence);

/**
 * The doubtful stickers (confidence below the options' low_confidence), in facelet order: the ones to re-scan.
 * @param result the result
 * @param[out] indexes receives up to `capacity` facelet indexes; may be NULL if capacity is 0
 * @param capacity room in `indexes`
 * @param[out] count receives the number of doubtful stickers (even when capacity is too small)
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_BUFFER_TOO_SMALL
 */
CUBE_API cube_status cube_scan_result_doubtful(const cube_scan_result *result, int32_t *indexes, int32_t capacity,
                                               int32_t *count);

/**
 * Whether the search for the best cubes was exhaustive. It ranks piece placements best first and stops
 * after 400 permutations of the corners or of the edges; a scan so noisy that this limit is reached gives
 * complete = 0: its best cube and alternatives are the best found, not proven the best, and the result is
 * flagged low (cube_scan_result_confidence()). Clean and typical noisy scans need a handful.
 * @param result the result
 * @param[out] complete receives 1 if the search finished, 0 if it stopped at its limit
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_result_search_complete(const cube_scan_result *result, int32_t *complete);

/**
 * The number of alternatives found (at most the options' alternatives).
 * @param result the result
 * @param[out] count receives it
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_result_alternative_count(const cube_scan_result *result, int32_t *count);

/**
 * One alternative: the next best valid cubes, best first.
 * @param result the result
 * @param index 0..count-1
 * @param[out] facelets receives its facelets, owned by the result (valid until it is freed)
 * @param[out] ratio receives its likelihood divided by the best cube's, in 0..1; may be NULL
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_scan_result_alternative(const cube_scan_result *result, int32_t index,
                                                  const char **facelets, double *ratio);

/** Output formats of cube_scan_result_format() (LIBCUBE_1.3). */
enum cube_scan_format_kind {
    CUBE_SCAN_FORMAT_TEXT = 0, /**< lines "facelets: ..", "confidence: 0.9876[ (low: ..)]", ["search: stopped at its
                                    limit (400 permutations): .."], "doubtful: U5 R1" (or "none"), then
                                    "alternative K: FACELETS ratio R" for each; every line ends with '\n' */
    CUBE_SCAN_FORMAT_JSON = 1  /**< one object without a newline: {"ok":true,"facelets":..,"confidence":0.987600,
                                    "low_confidence":false,"search_complete":true,"doubtful":[{"sticker":"U5",
                                    "index":4,"confidence":0.51}],"alternatives":[{"facelets":..,"ratio":0.0012}]} */
};

/**
 * (LIBCUBE_1.3) Writes the result as `cube scan` prints it (text) or as `cube scan --json` and the server's
 * POST /v1/scan answer it (JSON). Stickers are named by face and 1-based index ("U5" is facelet 4).
 * @param result the result
 * @param format ::cube_scan_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (bad result, unknown format,
 *         negative capacity, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_scan_result_format(const cube_scan_result *result, int32_t format, char *buffer,
                                             int32_t capacity, int32_t *length);

/**
 * Frees a result.
 * @param result the result; NULL is ignored
 */
CUBE_API void cube_scan_result_free(cube_scan_result *result);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_SCAN_H */
