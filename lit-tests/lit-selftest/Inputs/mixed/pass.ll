; RUN: true
