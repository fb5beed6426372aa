"""The referee's labelled cases (`referee_cases.jsonl`) and how they are split; see LABELLING.md."""
