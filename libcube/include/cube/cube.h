/**
 * @file cube/cube.h
 * @brief libcube: solve 2x2 and 3x3 Rubik's cubes and drive cube-solving robots. Include this one header.
 */
#ifndef CUBE_CUBE_H
#define CUBE_CUBE_H

#include <cube/common.h>
#include <cube/version.h>
#include <cube/state.h>
#include <cube/moves.h>
#include <cube/solver.h>
#include <cube/robot.h>
#include <cube/driver.h>
#include <cube/render.h>
#include <cube/method.h>
#include <cube/scan.h>

#endif /* CUBE_CUBE_H */
