//! Senet, the ancient Egyptian race game (variant `wiibrew2009` by default).
