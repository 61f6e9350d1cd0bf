import './qna.css';
import { Navigate, Route, Routes } from '@dblearn/web/router';
import EditQuestionRoute from '../features/questions/routes/edit-question-route.js';
import QuestionRoute from '../features/questions/routes/question-route.js';
import QuestionsRoute from '../features/questions/routes/questions-route.js';

/** The Q&A area as the shell mounts it (at the root, so the paths are absolute). */
export default function QnaApp() {
  return (
    <Routes>
      <Route path="/qna" element={<QuestionsRoute />} />
      <Route path="/qna/edit/:id" element={<EditQuestionRoute />} />
      <Route path="/qna/:id" element={<QuestionRoute />} />
      <Route path="*" element={<Navigate to="/not-found" replace />} />
    </Routes>
  );
}
