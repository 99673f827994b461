/* The fake Tic: the board model and its usbdevfs ioctl handler (runs on umockdev's worker thread). */
#include "fake_tic.h"

#include <errno.h>
#include <sys/ioctl.h>
#include <linux/usbdevice_fs.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define TIC_VID 0x1FFB
#define TIC_T825 0x00B3
#define COMMAND_TIMEOUT_NS 1000000000LL

/* Error bits, as the Tic numbers them. */
#define ERR_DEENERGIZED (1u << 0)
#define ERR_MOTOR_DRIVER (1u << 1)
#define ERR_COMMAND_TIMEOUT (1u << 6)
#define ERR_SAFE_START (1u << 7)

/* A URB waiting to be reaped. */
typedef struct pending_urb {
    UMockdevIoctlData *urb;
    int status;
    int actual_length;
} pending_urb;

struct fake_tic {
    fake_bus *bus;
    int index;
    char serial[16];
    char syspath[96];
    char devnode[64];
    UMockdevIoctlBase *handler;
    GMutex mu; /* guards everything below */
    GQueue done;   /* pending_urb *: answered, to reap */
    GQueue flying; /* pending_urb *: never answered (muted), until discarded */
    /* the model */
    int energized, safe_start, uncertain;
    uint16_t injected;     /* error bits set by the test */
    int timed_out;         /* command timeout error */
    uint32_t occurred;     /* errors occurred since the last 0xA2 */
    int32_t start_position, target;
    gint64 move_start_ns;
    int32_t max_speed, max_accel, max_decel; /* Tic units */
    uint8_t step_mode, current_code;
    gint64 last_command_ns;
    /* injections */
    int muted, unplugged, deaf;
    double speed_factor;
    /* records */
    fake_transfer transfers[FAKE_TIC_MAX_TRANSFERS];
    int transfer_count;
    int halts;
};

static gint64 now_ns(void) {
    return g_get_monotonic_time() * 1000;
}

/* Distance covered t seconds into a trapezoid move of d steps (speed v, acceleration a). */
static double covered(double d, double v, double a, double t) {
    double ta = v / a;
    double da = v * v / (2 * a);
    if (d < 2 * da) {
        double tp = sqrt(d / a);
        if (t < tp) return a * t * t / 2;
        if (t < 2 * tp) return d - a * (2 * tp - t) * (2 * tp - t) / 2;
        return d;
    }
    double tc = (d - 2 * da) / v;
    if (t < ta) return a * t * t / 2;
    if (t < ta + tc) return da + v * (t - ta);
    if (t < 2 * ta + tc) return d - a * (2 * ta + tc - t) * (2 * ta + tc - t) / 2;
    return d;
}

static uint16_t error_status(const fake_tic *b) {
    uint16_t bits = b->injected;
    if (!b->energized) bits |= ERR_DEENERGIZED;
    if (b->timed_out) bits |= ERR_COMMAND_TIMEOUT;
    if (b->safe_start) bits |= ERR_SAFE_START;
    return bits;
}

/* The current position now (under mu). */
static int32_t position_now(const fake_tic *b) {
    if (b->target == b->start_position) return b->target;
    double d = fabs((double)b->target - b->start_position);
    double v = b->max_speed / 10000.0 * b->speed_factor;
    double accel = (b->max_accel < b->max_decel ? b->max_accel : b->max_decel) / 100.0 * b->speed_factor;
    double t = (double)(now_ns() - b->move_start_ns) / 1e9;
    int32_t step = (int32_t)floor(covered(d, v, accel, t));
    return b->target > b->start_position ? b->start_position + step : b->start_position - step;
}

/* Freezes the motor where it is (under mu). */
static void freeze(fake_tic *b) {
    int32_t at = position_now(b);
    b->start_position = b->target = at;
}

/* Time passes: the command timeout, and motion stops on any error (under mu). */
static void advance(fake_tic *b) {
    if (b->energized && !b->timed_out && now_ns() - b->last_command_ns > COMMAND_TIMEOUT_NS) {
        freeze(b);
        b->timed_out = 1;
    }
    if (error_status(b) != 0 && b->target != b->start_position) freeze(b);
    b->occurred |= error_status(b);
}

static void heard_command(fake_tic *b) {
    b->last_command_ns = now_ns();
    if (b->timed_out) {
        b->timed_out = 0;
        b->safe_start = 1; /* after an error, safe start asks for exit safe start again */
    }
}

static void record_motion(fake_tic *b, int32_t from, int32_t to) {
    fake_bus *bus = b->bus;
    g_mutex_lock(&bus->mu);
    if (bus->motion_count < FAKE_TIC_MAX_MOTIONS) bus->motions[bus->motion_count++] = (fake_motion){b->index, from, to};
    g_mutex_unlock(&bus->mu);
}

/* A vendor command (OUT); returns 0 or -EPIPE (a stall) for unknown requests (under mu). */
static int vendor_out(fake_tic *b, uint8_t request, uint16_t value, uint16_t index) {
    int32_t arg = (int32_t)((uint32_t)value | (uint32_t)index << 16);
    advance(b);
    switch (request) {
        case 0xE0: { /* set target position */
            int32_t from = b->target;
            heard_command(b);
            freeze(b);
            b->target = arg;
            b->move_start_ns = now_ns();
            if (error_status(b) != 0) b->target = b->start_position; /* no motion while in error */
            else record_motion(b, from, arg);
            return 0;
        }
        case 0xEC: heard_command(b); b->start_position = b->target = arg; b->uncertain = 0; return 0;
        case 0x89: heard_command(b); freeze(b); b->halts++; return 0;
        case 0x8C: if (!b->deaf) heard_command(b); return 0;
        case 0x85: b->energized = 1; return 0;
        case 0x86: freeze(b); b->energized = 0; b->uncertain = 1; return 0;
        case 0x83: b->safe_start = 0; return 0;
        case 0x8F: b->safe_start = 1; return 0;
        case 0x8A: b->injected &= (uint16_t)~ERR_MOTOR_DRIVER; return 0;
        case 0xE6: b->max_speed = arg; return 0;
        case 0xEA: b->max_accel = arg; return 0;
        case 0xE9: b->max_decel = arg; return 0;
        case 0x94: b->step_mode = (uint8_t)value; return 0;
        case 0x91: b->current_code = (uint8_t)value; return 0;
        default: return -EPIPE;
    }
}

static void put32(uint8_t *p, uint32_t v) {
    for (int k = 0; k < 4; ++k) p[k] = (uint8_t)(v >> (8 * k));
}

/* The variable block (under mu). */
static void variables(fake_tic *b, uint8_t block[128]) {
    advance(b);
    memset(block, 0, 128);
    uint16_t errors = error_status(b);
    block[0x00] = !b->energized ? 2 : (errors ? 4 : 10);
    block[0x01] = (uint8_t)((b->energized ? 1 : 0) | (b->uncertain ? 2 : 0));
    block[0x02] = (uint8_t)errors;
    block[0x03] = (uint8_t)(errors >> 8);
    put32(block + 0x04, b->occurred);
    put32(block + 0x0A, (uint32_t)b->target);
    put32(block + 0x16, (uint32_t)b->max_speed);
    put32(block + 0x1A, (uint32_t)b->max_decel);
    put32(block + 0x1E, (uint32_t)b->max_accel);
    put32(block + 0x22, (uint32_t)position_now(b));
    uint16_t vin = (b->injected & 4) ? 4000 : 12000;
    block[0x33] = (uint8_t)vin;
    block[0x34] = (uint8_t)(vin >> 8);
    block[0x49] = b->step_mode;
    block[0x4A] = b->current_code;
}

/* A string descriptor into `out`; its length, or -EPIPE. */
static int string_descriptor(const fake_tic *b, uint8_t index, uint8_t *out, int capacity) {
    const char *text = index == 1 ? "Pololu Corporation" : index == 2 ? "Tic T825" : index == 3 ? b->serial : NULL;
    if (index == 0) {
        const uint8_t langs[4] = {4, 3, 0x09, 0x04};
        int n = capacity < 4 ? capacity : 4;
        memcpy(out, langs, (size_t)n);
        return n;
    }
    if (!text) return -EPIPE;
    uint8_t d[64];
    int len = 2 + 2 * (int)strlen(text);
    d[0] = (uint8_t)len;
    d[1] = 3;
    for (size_t k = 0; text[k]; ++k) {
        d[2 + 2 * k] = (uint8_t)text[k];
        d[3 + 2 * k] = 0;
    }
    int n = capacity < len ? capacity : len;
    memcpy(out, d, (size_t)n);
    return n;
}

/* Answers one control transfer: fills `data` for IN; returns the data length or a negative errno. */
static int control(fake_tic *b, const uint8_t setup[8], uint8_t *data) {
    fake_transfer t = {setup[0], setup[1], (uint16_t)(setup[2] | setup[3] << 8), (uint16_t)(setup[4] | setup[5] << 8),
                       (uint16_t)(setup[6] | setup[7] << 8)};
    if (b->transfer_count < FAKE_TIC_MAX_TRANSFERS) b->transfers[b->transfer_count++] = t;
    if (t.request_type == 0x80 && t.request == 6 && (t.value >> 8) == 3)
        return string_descriptor(b, (uint8_t)t.value, data, t.length);
    if (t.request_type == 0x40) return vendor_out(b, t.request, t.value, t.index);
    if (t.request_type == 0xC0 && (t.request == 0xA1 || t.request == 0xA2)) {
        uint8_t block[128];
        variables(b, block);
        int n = t.length;
        if (t.index + n > 128) n = 128 - t.index;
        if (n < 0) n = 0;
        memcpy(data, block + t.index, (size_t)n);
        if (t.request == 0xA2) b->occurred = error_status(b);
        return n;
    }
    return -EPIPE;
}

static gboolean handle_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user_data) {
    (void)handler;
    fake_tic *b = user_data;
    gulong request = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    g_mutex_lock(&b->mu);
    if (b->unplugged) {
        g_mutex_unlock(&b->mu);
        umockdev_ioctl_client_complete(client, -1, ENODEV);
        return TRUE;
    }
    switch (request) {
        case USBDEVFS_GET_CAPABILITIES: {
            UMockdevIoctlData *d = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), NULL);
            *(guint32 *)d->data = USBDEVFS_CAP_BULK_CONTINUATION | USBDEVFS_CAP_NO_PACKET_SIZE_LIM |
                                  USBDEVFS_CAP_REAP_AFTER_DISCONNECT | USBDEVFS_CAP_ZERO_PACKET;
            g_object_unref(d);
            umockdev_ioctl_client_complete(client, 0, 0);
            break;
        }
        case USBDEVFS_CLAIMINTERFACE:
        case USBDEVFS_RELEASEINTERFACE:
        case USBDEVFS_CLEAR_HALT:
        case USBDEVFS_RESET:
            umockdev_ioctl_client_complete(client, 0, 0);
            break;
        case USBDEVFS_SUBMITURB: {
            UMockdevIoctlData *urb_data = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_urb), NULL);
            struct usbdevfs_urb *urb = (struct usbdevfs_urb *)urb_data->data;
            pending_urb *p = g_new0(pending_urb, 1);
            p->urb = urb_data;
            if (b->muted) {
                g_queue_push_tail(&b->flying, p);
            } else if (urb->type != USBDEVFS_URB_TYPE_CONTROL || urb->buffer_length < 8) {
                p->status = -EPIPE;
                g_queue_push_tail(&b->done, p);
            } else {
                /* the process shares our address space: the buffer is read and written in place */
                uint8_t *buffer = urb->buffer;
                int n = control(b, buffer, buffer + 8);
                p->status = n < 0 ? n : 0;
                p->actual_length = n < 0 ? 0 : ((buffer[0] & 0x80) ? n : 0);
                g_queue_push_tail(&b->done, p);
            }
            umockdev_ioctl_client_complete(client, 0, 0);
            break;
        }
        case USBDEVFS_REAPURB:
        case USBDEVFS_REAPURBNDELAY: {
            pending_urb *p = g_queue_pop_head(&b->done);
            if (!p) {
                umockdev_ioctl_client_complete(client, -1, EAGAIN);
                break;
            }
            struct usbdevfs_urb *urb = (struct usbdevfs_urb *)p->urb->data;
            urb->status = p->status;
            urb->actual_length = p->actual_length;
            UMockdevIoctlData *ptr = umockdev_ioctl_data_resolve(arg, 0, sizeof(gpointer), NULL);
            umockdev_ioctl_data_set_ptr(ptr, 0, p->urb);
            g_object_unref(ptr);
            g_object_unref(p->urb);
            g_free(p);
            umockdev_ioctl_client_complete(client, 0, 0);
            break;
        }
        case USBDEVFS_DISCARDURB: {
            gulong address = (gulong) * (void **)arg->data;
            pending_urb *found = NULL;
            for (GList *l = b->flying.head; l; l = l->next) {
                pending_urb *p = l->data;
                if (p->urb->client_addr == address) found = p;
            }
            if (found) {
                g_queue_remove(&b->flying, found);
                found->status = -ENOENT;
                g_queue_push_tail(&b->done, found);
                umockdev_ioctl_client_complete(client, 0, 0);
            } else {
                umockdev_ioctl_client_complete(client, -1, EINVAL);
            }
            break;
        }
        default:
            umockdev_ioctl_client_complete(client, -1, ENOTTY);
            break;
    }
    g_mutex_unlock(&b->mu);
    return TRUE;
}

static fake_tic *board_new(fake_bus *bus, int i) {
    fake_tic *b = g_new0(fake_tic, 1);
    b->bus = bus;
    b->index = i;
    snprintf(b->serial, sizeof b->serial, "0030000%d", i + 1);
    snprintf(b->syspath, sizeof b->syspath, "/sys/devices/pci0000:00/usb1/1-%d", i + 1);
    snprintf(b->devnode, sizeof b->devnode, "/dev/bus/usb/001/%03d", i + 2);
    g_mutex_init(&b->mu);
    b->safe_start = 1;
    b->uncertain = 1;
    b->speed_factor = 1.0;
    b->max_speed = 2000000;
    b->max_accel = b->max_decel = 4000000;
    b->last_command_ns = now_ns();
    b->handler = umockdev_ioctl_base_new();
    g_signal_connect(b->handler, "handle-ioctl", G_CALLBACK(handle_ioctl), b);
    GError *error = NULL;
    if (!umockdev_testbed_attach_ioctl(bus->testbed, b->devnode, b->handler, &error))
        g_error("attach ioctl %s: %s", b->devnode, error ? error->message : "?");
    char fixture[2048];
    snprintf(fixture, sizeof fixture,
             "P: /devices/pci0000:00/usb1/1-%d\n"
             "N: bus/usb/001/%03d\n"
             "E: SUBSYSTEM=usb\nE: DEVTYPE=usb_device\nE: DRIVER=usb\n"
             "E: BUSNUM=001\nE: DEVNUM=%03d\nE: DEVNAME=/dev/bus/usb/001/%03d\n"
             "A: busnum=1\\n\nA: devnum=%d\\n\nA: speed=12\\n\nA: bConfigurationValue=1\\n\n"
             "A: idVendor=1ffb\\n\nA: idProduct=00b3\\n\nA: dev=189:%d\\n\n"
             "H: descriptors=12010002ff000040fb1fb3000901010203010902120001010080320904000000ff000000\n",
             i + 1, i + 2, i + 2, i + 2, i + 2, i + 1);
    if (!umockdev_testbed_add_from_string(bus->testbed, fixture, &error))
        g_error("add board %d: %s", i, error ? error->message : "?");
    return b;
}

fake_bus *fake_bus_new(int count) {
    fake_bus *bus = g_new0(fake_bus, 1);
    g_mutex_init(&bus->mu);
    bus->testbed = umockdev_testbed_new();
    bus->count = count;
    for (int i = 0; i < count && i < 8; ++i) bus->boards[i] = board_new(bus, i);
    return bus;
}

static void free_queue(GQueue *q) {
    pending_urb *p;
    while ((p = g_queue_pop_head(q))) {
        g_object_unref(p->urb);
        g_free(p);
    }
}

void fake_bus_free(fake_bus *bus) {
    if (!bus) return;
    for (int i = 0; i < bus->count; ++i) {
        fake_tic *b = bus->boards[i];
        umockdev_testbed_detach_ioctl(bus->testbed, b->devnode, NULL);
        g_object_unref(b->handler);
        free_queue(&b->done);
        free_queue(&b->flying);
        g_mutex_clear(&b->mu);
        g_free(b);
    }
    g_object_unref(bus->testbed);
    g_mutex_clear(&bus->mu);
    g_free(bus);
}

const char *fake_tic_serial(const fake_bus *bus, int i) {
    return bus->boards[i]->serial;
}

#define WITH_BOARD(bus, i, body)                \
    do {                                        \
        fake_tic *b_ = (bus)->boards[(i)];      \
        g_mutex_lock(&b_->mu);                  \
        advance(b_);                            \
        body;                                   \
        g_mutex_unlock(&b_->mu);                \
    } while (0)

void fake_tic_set_errors(fake_bus *bus, int i, uint16_t bits) { WITH_BOARD(bus, i, b_->injected = bits; freeze(b_)); }
void fake_tic_mute(fake_bus *bus, int i) { WITH_BOARD(bus, i, b_->muted = 1); }
void fake_tic_stall(fake_bus *bus, int i, double f) { WITH_BOARD(bus, i, b_->speed_factor = f); }
void fake_tic_deaf_to_keepalive(fake_bus *bus, int i) { WITH_BOARD(bus, i, b_->deaf = 1); }

void fake_tic_unplug(fake_bus *bus, int i) {
    fake_tic *b = bus->boards[i];
    g_mutex_lock(&b->mu);
    b->unplugged = 1;
    g_mutex_unlock(&b->mu);
    umockdev_testbed_remove_device(bus->testbed, b->syspath);
}

int32_t fake_tic_position(fake_bus *bus, int i) {
    int32_t v;
    WITH_BOARD(bus, i, v = position_now(b_));
    return v;
}
int32_t fake_tic_target(fake_bus *bus, int i) {
    int32_t v;
    WITH_BOARD(bus, i, v = b_->target);
    return v;
}
int fake_tic_energized(fake_bus *bus, int i) {
    int v;
    WITH_BOARD(bus, i, v = b_->energized);
    return v;
}
int fake_tic_moving(fake_bus *bus, int i) {
    int v;
    WITH_BOARD(bus, i, v = position_now(b_) != b_->target);
    return v;
}
uint16_t fake_tic_error_status(fake_bus *bus, int i) {
    uint16_t v;
    WITH_BOARD(bus, i, v = error_status(b_));
    return v;
}
int fake_tic_transfer_count(fake_bus *bus, int i) {
    int v;
    WITH_BOARD(bus, i, v = b_->transfer_count);
    return v;
}
fake_transfer fake_tic_transfer(fake_bus *bus, int i, int n) {
    fake_transfer v;
    WITH_BOARD(bus, i, v = b_->transfers[n]);
    return v;
}
int fake_tic_halts(fake_bus *bus, int i) {
    int v;
    WITH_BOARD(bus, i, v = b_->halts);
    return v;
}
