int dummyNightly;
