/* A fake Pololu Tic on an emulated USB bus (umockdev): the test's own ioctl handler answers the usbdevfs
 * URBs that the real libusb sends, as a Tic would. It models safe start, the energized flag, the target
 * and current positions moving with the trapezoid profile of the configured speed and acceleration (in
 * real time), the error bits, the command timeout (1 s without a command), the serial number string, and
 * records every control transfer and every motion. Tests inject faults: error bits, a board that stops
 * answering, a board that is unplugged, a stalled motor, keep-alives that are not heard. */
#ifndef FAKE_TIC_H
#define FAKE_TIC_H

#include <stdint.h>
#include <umockdev.h>

#define FAKE_TIC_MAX_TRANSFERS 4096
#define FAKE_TIC_MAX_MOTIONS 1024

/* One control transfer as the board saw it. */
typedef struct fake_transfer {
    uint8_t request_type, request;
    uint16_t value, index, length;
} fake_transfer;

/* One motion: a set target position while the board was at `from` (its previous target). */
typedef struct fake_motion {
    int board;
    int32_t from, to;
} fake_motion;

typedef struct fake_tic fake_tic;

/* The bus: a umockdev testbed with `count` Tics (T825) whose serials are 00300001, 00300002, ... */
typedef struct fake_bus {
    UMockdevTestbed *testbed;
    UMockdevIoctlBase *handler;
    int count;
    fake_tic *boards[8];
    GMutex mu; /* guards the motion history (boards have their own) */
    fake_motion motions[FAKE_TIC_MAX_MOTIONS];
    int motion_count;
} fake_bus;

/* Builds a bus with `count` boards (at most 8). Must come before libusb_init. */
fake_bus *fake_bus_new(int count);
void fake_bus_free(fake_bus *bus);

/* The serial number of board i ("0030000N"). */
const char *fake_tic_serial(const fake_bus *bus, int i);

/* Injections. */
void fake_tic_set_errors(fake_bus *bus, int i, uint16_t bits);  /* e.g. motor driver error, low VIN */
void fake_tic_mute(fake_bus *bus, int i);                       /* stops answering: transfers time out */
void fake_tic_unplug(fake_bus *bus, int i);                     /* removed from the bus */
void fake_tic_stall(fake_bus *bus, int i, double speed_factor); /* moves at this fraction of its speed */
void fake_tic_deaf_to_keepalive(fake_bus *bus, int i);          /* 0x8C is not heard */

/* State, read at once (positions move with time). */
int32_t fake_tic_position(fake_bus *bus, int i);
int32_t fake_tic_target(fake_bus *bus, int i);
int fake_tic_energized(fake_bus *bus, int i);
int fake_tic_moving(fake_bus *bus, int i);
uint16_t fake_tic_error_status(fake_bus *bus, int i);
/* Number of transfers recorded, and one of them. */
int fake_tic_transfer_count(fake_bus *bus, int i);
fake_transfer fake_tic_transfer(fake_bus *bus, int i, int n);
/* Number of halt-and-hold commands received. */
int fake_tic_halts(fake_bus *bus, int i);

#endif
