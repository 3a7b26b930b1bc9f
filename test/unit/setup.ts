import { configure } from '@testing-library/react';

// Unit tests run in parallel workers on a 2-core machine: a screen's first render or an antd-mobile animation can take
// longer than Testing Library's default 1 s under load, and a lazy part's first import (the shell's upgrade popup) took
// 8.7 s with another test run beside it. Waits succeed as soon as their condition holds; the bound only ends a failing
// one (below the project's 30 s test timeout, so that the wait's own message is what fails).
configure({ asyncUtilTimeout: 15_000 });
