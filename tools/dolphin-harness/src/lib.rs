//! Boots a .dol in Dolphin headless; collects frames and the USB Gecko log for tests.
