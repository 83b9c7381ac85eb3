/* libhal: the SP's packet layer over the switch adapter (include/hal.h, docs/sp.md "HAL"). The adapter writes
 * each packet into the next slot of the ring given here: word 0 is 0x80000000 | source << 16 | payload words,
 * word 1 the user word, then the payload. HAL takes slots in order, clears word 0 and hands the slot back. */
#include <hal.h>
#include <string.h>

void __hal_ring(void *ring, int slots);
void __hal_send(int node, int user, const void *buf, int words);
void __hal_free(int slots);
void __hal_wait(int mask);
void __hal_handler(void (*entry)(int));
void __hal_return(void);

#define SLOT_WORDS (HAL_PACKET_BYTES / 4)

static volatile int hal_ring[HAL_RING_SLOTS * SLOT_WORDS];
static int hal_head;
static void (*hal_user_handler)(void);
static int hal_handled;
static int hal_wait_cycles;        /* hal_hysteresis's cycles + 1; 0: the adapter's */
static void hal_interrupt_chosen(int hysteresis);

int hal_init(void) {
    __hal_ring((void *)hal_ring, HAL_RING_SLOTS);
    return 0;
}

void hal_send(int node, int user, const void *buf, int bytes) {
    __hal_send(node, user, buf, (bytes + 3) >> 2);
}

void hal_send_wait(void) {
    __hal_wait(HAL_SENDING);
}

int hal_poll(hal_packet_t *info, void *buf, int max) {
    volatile int *slot = hal_ring + hal_head * SLOT_WORDS;
    int head = slot[0];
    if (head == 0) {
        return 0;
    }
    int bytes = (head & 0xFFFF) * 4;
    info->src = (head >> 16) & 0x7FFF;
    info->user = slot[1];
    info->bytes = bytes;
    memcpy(buf, (const void *)(slot + 2), bytes < max ? bytes : max);
    slot[0] = 0;
    hal_head = hal_head + 1 == HAL_RING_SLOTS ? 0 : hal_head + 1;
    __hal_free(1);
    return 1;
}

void hal_wait_packet(void) {
    __hal_wait(HAL_RECEIVED);
}

void hal_recv(hal_packet_t *info, void *buf, int max) {
    while (!hal_poll(info, buf, max)) {
        __hal_wait(HAL_RECEIVED);
    }
}

/* The interrupt handler's thread: the user's handler while packets are there, then the hysteresis: it polls for
 * `hysteresis` cycles (the adapter's, unless hal_hysteresis chose) for a further packet before it returns. */
static void hal_interrupt(int hysteresis) {
    hal_handled++;
    while (hal_user_handler) {
        while (hal_ring[hal_head * SLOT_WORDS] != 0 && hal_user_handler) {
            hal_user_handler();
        }
        unsigned long long end = hal_cycles() + (unsigned)hysteresis;
        while (hal_ring[hal_head * SLOT_WORDS] == 0 && hal_cycles() < end) {
        }
        if (hal_ring[hal_head * SLOT_WORDS] == 0) {
            break;
        }
    }
    __hal_return();
}

void hal_interrupts(void (*handler)(void)) {
    hal_user_handler = handler;
    __hal_handler(hal_wait_cycles == 0 ? hal_interrupt : hal_interrupt_chosen);
}

void hal_polling(void) {
    hal_user_handler = 0;   /* a handler that runs now returns without taking further packets */
    __hal_handler(0);
}

int hal_interrupt_count(void) {
    return hal_handled;
}

void hal_switch(int cycles) {
    unsigned long long end = hal_cycles() + (unsigned)cycles;
    while (hal_cycles() < end) {
    }
}

void hal_hysteresis(int cycles) {
    hal_wait_cycles = cycles < 0 ? 0 : cycles + 1;
}

/* The handler's thread when hal_hysteresis chose the time instead of the adapter. */
static void hal_interrupt_chosen(int hysteresis) {
    (void)hysteresis;
    hal_interrupt(hal_wait_cycles - 1);
}
