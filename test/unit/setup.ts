import { configure } from '@testing-library/react';

// Unit tests run in parallel workers on a 2-core machine: a screen's first render or an antd-mobile animation can take
// longer than Testing Library's default 1 s under load. Waits succeed as soon as their condition holds.
configure({ asyncUtilTimeout: 5000 });
