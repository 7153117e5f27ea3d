//! The one stick sampler: a stick position (centred on 0, up positive, on the ±100-ish scale
//! both the GameCube pad's centred bytes and the extensions' calibrated sticks use) to the
//! four directions it points past a [`DeadZone`], with hysteresis where the zone asks for it.
//! The GameCube pad's main stick (`si::pad`), the Nunchuk's and the Classic Controller's
//! left stick (`wiimote::extension::decode`) go through it; each turns the result into its
//! own buttons. Pure: no hardware, no calibration (that is `extension::calibration`'s), no
//! cursor (the app's `Cursors` moves it from the directions).

/// How far a stick must lean before it counts as a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadZone {
    /// A direction not held is entered this far from the centre…
    pub enter: i16,
    /// …and a direction held is left only once back within this (`enter` for none).
    pub leave: i16,
}

/// The GameCube pad's main stick: 40 of the centred byte's ±128, no hysteresis.
pub const PAD: DeadZone = DeadZone {
    enter: 40,
    leave: 40,
};

/// The extensions' sticks, calibrated to ±100: the pad's 40 to enter, 30 to leave, so a
/// stick resting on the edge does not chatter.
pub const EXTENSION: DeadZone = DeadZone {
    enter: 40,
    leave: 30,
};

/// The four directions of a stick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Directions {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
}

impl DeadZone {
    /// The directions `(x, y)` points in, given those held after the last sample.
    pub fn directions(self, prev: Directions, (x, y): (i16, i16)) -> Directions {
        let past = |held: bool, v: i16| v >= if held { self.leave } else { self.enter };
        Directions {
            up: past(prev.up, y),
            down: past(prev.down, y.saturating_neg()),
            left: past(prev.left, x.saturating_neg()),
            right: past(prev.right, x),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Directions = Directions {
        up: false,
        down: false,
        left: false,
        right: false,
    };

    #[test]
    fn each_axis_past_the_zone_is_its_direction_and_inside_is_none() {
        let d = |p| PAD.directions(NONE, p);
        assert_eq!(
            d((40, 0)),
            Directions {
                right: true,
                ..NONE
            }
        );
        assert_eq!(d((39, 0)), NONE);
        assert_eq!(d((-40, 0)), Directions { left: true, ..NONE });
        assert_eq!(d((0, 127)), Directions { up: true, ..NONE });
        assert_eq!(d((0, -128)), Directions { down: true, ..NONE });
        assert_eq!(
            d((-50, 50)),
            Directions {
                up: true,
                left: true,
                ..NONE
            }
        );
        assert_eq!(d((0, 0)), NONE);
    }

    #[test]
    fn a_held_direction_is_left_only_inside_the_leave_limit() {
        let right = Directions {
            right: true,
            ..NONE
        };
        assert_eq!(EXTENSION.directions(NONE, (35, 0)), NONE, "not yet");
        assert_eq!(EXTENSION.directions(right, (35, 0)), right, "stays");
        assert_eq!(EXTENSION.directions(right, (30, 0)), right, "at the limit");
        assert_eq!(EXTENSION.directions(right, (29, 0)), NONE, "left");
        // The pad has no hysteresis.
        assert_eq!(PAD.directions(right, (39, 0)), NONE);
    }

    #[test]
    fn the_ends_of_the_range_do_not_overflow() {
        let d = EXTENSION.directions(NONE, (i16::MIN, i16::MIN));
        assert_eq!(
            d,
            Directions {
                down: true,
                left: true,
                ..NONE
            }
        );
    }
}
