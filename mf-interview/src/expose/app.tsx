import './interview.css';
import { Navigate, Route, Routes } from '@dblearn/web/router';
import QuestionFormRoute from '../features/questions/routes/question-form-route.js';
import QuestionsRoute from '../features/questions/routes/questions-route.js';
import ReviewRoute from '../features/review/routes/review-route.js';

/** The interview area as the shell mounts it (at the root, so the paths are absolute). */
export default function InterviewApp() {
  return (
    <Routes>
      <Route path="/interview" element={<QuestionsRoute />} />
      <Route path="/interview/review" element={<ReviewRoute />} />
      <Route path="/interview/:id" element={<QuestionFormRoute />} />
      <Route path="*" element={<Navigate to="/not-found" replace />} />
    </Routes>
  );
}
