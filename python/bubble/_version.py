__version__ = "0.0.0"  # scripts/make-wheel writes Bubble's VERSION here in the wheel
