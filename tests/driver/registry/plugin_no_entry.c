/* A shared object without the entry point: the registry must refuse it. */
__attribute__((visibility("default"))) int not_a_driver(void) {
    return 42;
}
