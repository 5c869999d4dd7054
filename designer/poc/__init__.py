"""The POC acceptance loop: a test plan with the expected figure of each test
(``plan``), readers for the real output of nccl-tests, perftest and fio (``parse``), and
the verdicts of results against the plan (``check``)."""
